import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetList, useTranslate } from 'react-admin';
import type { FormDto } from '../../../contract/forms';
import { MAX_PAGE_SIZE } from '../../../contract/http';
import type { AssignPartnerFormsResult } from '../../../contract/partnerForms';
import { PARTNER_FORMS_BATCH_MAX } from '../../../contract/schemas/partnerForms';
import { translateRuleMessage } from '../../i18n/translateMessage';
import { ApiError } from '../../providers/http';
import type { PartnerOption } from '../partners/PartnerPicker';
import { NoteField, noteProblem } from './NoteField';
import { dueAtOfDay, dueDayProblem, todayOfDateField } from './dueDate';
import { assignPartnerForms } from './partnerFormApi';
import { PartnersMultiPicker } from './PartnersMultiPicker';

interface AssignDialogProps {
  onClose: () => void;
  /** Something was assigned: the list reloads. */
  onAssigned: () => void;
}

/**
 * Assigns a Ready form version to one or many partners (POST /partner-forms/assign), then says which partners
 * got it and which were skipped because theirs is still open.
 */
export function AssignDialog({ onClose, onAssigned }: AssignDialogProps) {
  const translate = useTranslate();
  const { data: readyForms, isPending: formsPending } = useGetList<FormDto>('forms', {
    pagination: { page: 1, perPage: MAX_PAGE_SIZE },
    filter: { status: 'Ready' },
  });
  const [formId, setFormId] = useState('');
  const [partners, setPartners] = useState<PartnerOption[]>([]);
  const [note, setNote] = useState('');
  /** The due day chosen (a date field's value), sent as the end of that day; empty: no due date. */
  const [dueDay, setDueDay] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<AssignPartnerFormsResult | null>(null);

  const formMissing = !formId;
  const partnersError =
    partners.length === 0 ? 'partnerForms.assign.partnersRequired' : partners.length > PARTNER_FORMS_BATCH_MAX ? 'partnerForms.assign.tooManyPartners' : null;
  const noteInvalid = !!noteProblem(note, false);
  const dueProblem = dueDayProblem(dueDay);

  const assign = async () => {
    setTried(true);
    if (formMissing || partnersError || noteInvalid || dueProblem) return;
    setBusy(true);
    setFailure(null);
    try {
      const dueAt = dueAtOfDay(dueDay);
      const answer = await assignPartnerForms({
        formId,
        partnerIds: partners.map((p) => p.id),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(dueAt ? { dueAt } : {}),
      });
      setResult(answer);
      if (answer.assigned.length) onAssigned();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : translate('partnerForms.assign.failed'));
    } finally {
      setBusy(false);
    }
  };

  const nameOf = (partnerId: string) => partners.find((p) => p.id === partnerId)?.name ?? partnerId;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="partner-form-assign-title"
      data-testid="partner-form-assign-dialog"
      slotProps={{ paper: { sx: { width: 600, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="partner-form-assign-title">{translate('partnerForms.assign.title')}</DialogTitle>
      <DialogContent>
        {result ? (
          <Stack spacing={2} sx={{ pt: 1 }} data-testid="partner-form-assign-result">
            <Alert severity={result.assigned.length ? 'success' : 'info'}>
              {translate('partnerForms.assign.assigned', { smart_count: result.assigned.length })}
            </Alert>
            {result.assigned.length > 0 && (
              <List dense disablePadding aria-label={translate('partnerForms.assign.assignedList')} data-testid="partner-form-assigned">
                {result.assigned.map((row) => (
                  <ListItem key={row.id}>{row.partnerName}</ListItem>
                ))}
              </List>
            )}
            {result.skipped.length > 0 && (
              <>
                <Typography>{translate('partnerForms.assign.skipped', { smart_count: result.skipped.length })}</Typography>
                <List dense disablePadding aria-label={translate('partnerForms.assign.skippedList')} data-testid="partner-form-skipped">
                  {result.skipped.map((skip) => (
                    <ListItem key={skip.partnerId}>
                      {translate('partnerForms.assign.skippedPartner', {
                        name: nameOf(skip.partnerId),
                        reason: translate(`partnerForms.assign.reasons.${skip.reason}`, { _: skip.reason }),
                      })}
                    </ListItem>
                  ))}
                </List>
              </>
            )}
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              required
              label={translate('partnerForms.assign.form')}
              value={formId}
              onChange={(event) => setFormId(event.target.value)}
              error={tried && formMissing}
              helperText={
                tried && formMissing
                  ? translate('partnerForms.assign.formRequired')
                  : formsPending
                    ? translate('app.loading')
                    : translate('partnerForms.assign.formHelp')
              }
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'assign-form-select' } as object } }}
            >
              {(readyForms ?? []).map((form) => (
                <MenuItem key={form.id} value={form.id} data-testid="assign-form-option">
                  {translate('partnerForms.fields.formWithVersion', { name: form.name, version: form.versionNumber })}
                </MenuItem>
              ))}
            </TextField>
            <PartnersMultiPicker
              label={translate('partnerForms.assign.partners')}
              value={partners}
              onChange={setPartners}
              error={tried && !!partnersError}
              helperText={tried && partnersError ? translate(partnersError, { max: PARTNER_FORMS_BATCH_MAX }) : translate('partnerForms.assign.partnersHelp')}
            />
            <TextField
              type="date"
              label={translate('dueDates.label')}
              value={dueDay}
              onChange={(event) => setDueDay(event.target.value)}
              error={tried && !!dueProblem}
              helperText={tried && dueProblem ? translateRuleMessage(dueProblem, translate) : translate('dueDates.assignHelp')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayOfDateField(), 'data-testid': 'assign-due-date' } }}
              sx={{ maxWidth: { sm: 280 } }}
            />
            <NoteField value={note} onChange={setNote} showErrors={tried} testId="assign-note" />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {result ? (
          <Button variant="contained" onClick={onClose} data-testid="assign-done">
            {translate('partnerForms.close')}
          </Button>
        ) : (
          <>
            <Button color="inherit" onClick={onClose} disabled={busy}>
              {translate('ra.action.cancel')}
            </Button>
            <Button variant="contained" onClick={() => void assign()} disabled={busy} data-testid="assign-submit">
              {translate('partnerForms.assign.submit')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
