import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { FormDefinitionFilterInput } from './FormDefinitionFilterInput';

/** What the CSV's header row names: the question text (for people) or the question key (for scripts). */
export type CsvHeaders = 'labels' | 'keys';

export interface PartnerFormExportChoice {
  definitionId: string;
  headers: CsvHeaders;
}

interface PartnerFormExportDialogProps {
  /** The list's form filter, chosen at first. */
  definitionId?: string;
  onClose: () => void;
  onExport: (choice: PartnerFormExportChoice) => void;
}

/**
 * Asks which form the CSV is of (its columns are that form's questions), searched by name, and whether the
 * columns are headed by the question text or the question key. The list's other filters still apply.
 */
export function PartnerFormExportDialog({ definitionId: filtered, onClose, onExport }: PartnerFormExportDialogProps) {
  const translate = useTranslate();
  const [definitionId, setDefinitionId] = useState(filtered ?? '');
  const [headers, setHeaders] = useState<CsvHeaders>('labels');
  const [tried, setTried] = useState(false);
  const formMissing = tried && !definitionId;

  const submit = () => {
    setTried(true);
    if (!definitionId) return;
    onExport({ definitionId, headers });
    onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="partner-form-export-title"
      aria-describedby="partner-form-export-body"
      data-testid="partner-form-export-dialog"
      slotProps={{ paper: { sx: { width: 560, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="partner-form-export-title">{translate('partnerForms.export.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <Typography id="partner-form-export-body">{translate('partnerForms.export.body')}</Typography>
          <FormDefinitionFilterInput
            label={translate('partnerForms.export.form')}
            value={definitionId}
            onChange={(value) => setDefinitionId(typeof value === 'string' ? value : '')}
            autoFocus
            errorText={formMissing ? translate('partnerForms.export.formRequired') : undefined}
          />
          <FormControl>
            <FormLabel id="partner-form-export-headers">{translate('partnerForms.export.headers')}</FormLabel>
            <RadioGroup aria-labelledby="partner-form-export-headers" value={headers} onChange={(event) => setHeaders(event.target.value as CsvHeaders)}>
              <FormControlLabel value="labels" control={<Radio />} label={translate('partnerForms.export.labels')} />
              <FormControlLabel value="keys" control={<Radio />} label={translate('partnerForms.export.keys')} />
            </RadioGroup>
            <FormHelperText>{translate('partnerForms.export.filesHelp')}</FormHelperText>
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} data-testid="partner-form-export-submit">
          {translate('partnerForms.export.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
