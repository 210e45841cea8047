import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { PartnerFormDto } from '../../../contract/forms';
import { OneLineText } from '../../entityTable/OneLineText';
import { useDateTimeFormat } from '../tickets/useDateTimeFormat';

type Progress = Pick<PartnerFormDto, 'filledCount' | 'totalFields' | 'requiredFields'>;

/** "filled / total answered · required" on one line over a bar: it fits a table row's one height. */
export function PartnerFormProgress({ filledCount, totalFields, requiredFields }: Progress) {
  const translate = useTranslate();
  const percent = totalFields > 0 ? Math.round((filledCount / totalFields) * 100) : 0;
  const text = translate('partnerForms.progress.filled', { filled: filledCount, total: totalFields });
  const required = translate('partnerForms.progress.required', { smart_count: requiredFields });
  return (
    <Box sx={{ minWidth: 150 }} data-testid="partner-form-progress">
      <Typography component="div" variant="body2">
        <OneLineText text={`${text} · ${required}`}>
          {text}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {' · '}
            {required}
          </Box>
        </OneLineText>
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={text} sx={{ mt: 0.5, borderRadius: 1 }} />
    </Box>
  );
}

/** The form's name and version on one line (cut, whole in a tooltip), marked when a newer version of its definition is Ready. */
export function PartnerFormName({ formName, formVersionNumber, outdated }: Pick<PartnerFormDto, 'formName' | 'formVersionNumber' | 'outdated'>) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 1, minWidth: 0 }}>
      <OneLineText text={translate('partnerForms.fields.formWithVersion', { name: formName, version: formVersionNumber })} />
      {outdated && <OutdatedMarker />}
    </Box>
  );
}

export function OutdatedMarker() {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('partnerForms.outdated.hint')}>
      <Chip
        label={translate('partnerForms.outdated.label')}
        size="small"
        sx={{ flexShrink: 0 }}
        color="warning"
        variant="outlined"
        data-testid="partner-form-outdated"
      />
    </Tooltip>
  );
}

export function DateTimeText({ value }: { value: string | null | undefined }) {
  const format = useDateTimeFormat();
  return <>{value ? format(value) : '—'}</>;
}
