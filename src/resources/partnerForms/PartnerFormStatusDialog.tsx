import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { PartnerFormDto } from '../../../contract/forms';
import { showToast } from '../../notifications/toastStore';
import { NoteField, noteProblem } from './NoteField';
import { changePartnerFormStatus, type StatusChange } from './partnerFormApi';
import { commentProblem, newCommentDraft, QuestionCommentsEditor, type CommentDraft } from './QuestionCommentsEditor';
import { usePartnerFormSections } from './usePartnerFormSections';

export interface PartnerFormStatusDialogProps {
  record: PartnerFormDto;
  change: StatusChange;
  onClose: () => void;
  onChanged: () => void;
}

/**
 * Lock, unlock or reopen a partner form with a note (POST /partner-forms/{id}/{change}). Reopening may add
 * comments on single questions, which replace the previous ones and show to the partner beside each question.
 */
export function PartnerFormStatusDialog({ record, change, onClose, onChanged }: PartnerFormStatusDialogProps) {
  const translate = useTranslate();
  // The note replaces the partner form's: it starts as the current one, but an unlock ends the lock and its reason.
  const [note, setNote] = useState(change === 'unlock' ? '' : (record.note ?? ''));
  const [comments, setComments] = useState<CommentDraft[] | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const reopening = change === 'reopen';
  const { sections, reading, failed } = usePartnerFormSections(reopening ? record : undefined);
  // The previous comments are where a reopen starts: staff keep, change or remove them.
  const previousComments = useMemo(() => Object.entries(reading?.comments ?? {}).map(([key, text]) => newCommentDraft(key, text)), [reading?.comments]);
  const shownComments = comments ?? previousComments;

  const send = async () => {
    setTried(true);
    if (noteProblem(note, reopening) || (reopening && shownComments.some(commentProblem))) return;
    setBusy(true);
    try {
      const body = reopening
        ? { note: note.trim(), comments: Object.fromEntries(shownComments.map((c) => [c.questionKey, c.text.trim()])) }
        : { note: note.trim() };
      await changePartnerFormStatus(record.id, change, body);
      showToast('success', translate(`partnerForms.${change}.done`, { partner: record.partnerName }));
      onChanged();
      onClose();
    } catch {
      // The HTTP client has shown the server's message; nothing changed.
      setBusy(false);
    }
  };

  const titleId = `partner-form-${change}-title`;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      data-testid={`partner-form-${change}-dialog`}
      slotProps={{ paper: { sx: { width: 600, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId}>{translate(`partnerForms.${change}.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>
            {translate(`partnerForms.${change}.body`, {
              partner: record.partnerName,
              form: translate('partnerForms.fields.formWithVersion', { name: record.formName, version: record.formVersionNumber }),
            })}
          </Typography>
          <NoteField
            value={note}
            onChange={setNote}
            required={reopening}
            autoFocus
            showErrors={tried}
            helperKey={`partnerForms.${change}.noteHelp`}
            testId="status-note"
          />
          {reopening &&
            (sections ? (
              <QuestionCommentsEditor sections={sections} comments={shownComments} onChange={setComments} showErrors={tried} />
            ) : failed ? (
              <Alert severity="warning">{translate('partnerForms.reopen.questionsFailed')}</Alert>
            ) : (
              <CircularProgress size={24} aria-label={translate('app.loading')} />
            ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" color={change === 'lock' ? 'warning' : 'primary'} onClick={() => void send()} disabled={busy} data-testid="status-submit">
          {translate(`partnerForms.${change}.submit`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
