import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { PartnerFormDto } from '../../../contract/forms';
import { useDateTimeFormat } from '../tickets/useDateTimeFormat';

type Progress = Pick<PartnerFormDto, 'filledCount' | 'totalFields' | 'requiredFields'>;

/** "filled / total" with a bar, and how many of them are required. */
export function PartnerFormProgress({ filledCount, totalFields, requiredFields }: Progress) {
  const translate = useTranslate();
  const percent = totalFields > 0 ? Math.round((filledCount / totalFields) * 100) : 0;
  const text = translate('partnerForms.progress.filled', { filled: filledCount, total: totalFields });
  return (
    <Box sx={{ minWidth: 110 }} data-testid="partner-form-progress">
      <Typography variant="body2">{text}</Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={text} sx={{ my: 0.5, borderRadius: 1 }} />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {translate('partnerForms.progress.required', { smart_count: requiredFields })}
      </Typography>
    </Box>
  );
}

/** The form's name and version, marked when a newer version of its definition is Ready. */
export function PartnerFormName({ formName, formVersionNumber, outdated }: Pick<PartnerFormDto, 'formName' | 'formVersionNumber' | 'outdated'>) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, whiteSpace: 'normal' }}>
      <span>{translate('partnerForms.fields.formWithVersion', { name: formName, version: formVersionNumber })}</span>
      {outdated && <OutdatedMarker />}
    </Box>
  );
}

export function OutdatedMarker() {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('partnerForms.outdated.hint')}>
      <Chip label={translate('partnerForms.outdated.label')} size="small" color="warning" variant="outlined" data-testid="partner-form-outdated" />
    </Tooltip>
  );
}

export function DateTimeText({ value }: { value: string | null | undefined }) {
  const format = useDateTimeFormat();
  return <>{value ? format(value) : '—'}</>;
}
