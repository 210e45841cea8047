import Typography from '@mui/material/Typography';

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: subtitle ? 1 : 3 }}>
        {title}
      </Typography>
      {subtitle && <Typography sx={{ color: 'text.secondary', mb: 3 }}>{subtitle}</Typography>}
    </>
  );
}
