import Grid from '@mui/material/Grid';
import { TextInput } from 'react-admin';

const field = (source: string, size = 6, multiline = false) => (
  <Grid key={source} size={{ xs: 12, sm: size }}>
    <TextInput source={source} label={`admin.partners.fields.${source}`} fullWidth multiline={multiline} />
  </Grid>
);

/** A partner's fields; their limits are the contract's (contract/schemas/partners.ts). */
export function PartnerInputs() {
  return (
    <Grid container columnSpacing={2}>
      {field('name', 12)}
      {field('email')}
      {field('type')}
      {field('phone')}
      {field('contactPhone')}
      {field('address', 12, true)}
      {field('website', 12)}
    </Grid>
  );
}
