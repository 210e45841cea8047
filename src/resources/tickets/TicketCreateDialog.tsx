import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { createTicketSchema } from '../../../contract/schemas/tickets';
import { TICKET_CATEGORIES } from '../../../contract/ticketAssignment';
import { useStateResetOn } from '../../components/useStateResetOn';
import { TICKET_SUBJECT_MAX, type TicketDto } from '../../../contract/tickets';
import { schemaErrors } from '../../schemaForm/schemaErrors';
import { translateRuleMessage } from '../../i18n/translateMessage';
import { showToast } from '../../notifications/toastStore';
import { ApiError } from '../../providers/http/ApiError';
import { PartnerPicker } from '../partners/PartnerPicker';
import { AttachmentPicker } from '../../components/attachments/AttachmentPicker';
import { perFileProgress } from '../../components/attachments/attachmentRules';
import { RichTextEditor } from '../../components/richText/RichTextEditor';
import { TicketSuggestions } from '../../helpCenter/TicketSuggestions';
import { createTicket } from './ticketApi';
import { TICKET_FILE_TYPES_LABEL, ticketAttachmentLimits } from './ticketAttachments';

interface TicketCreateDialogProps {
  /** Staff raise a ticket for a partner they pick; a partner user's ticket is their partner's. */
  needsPartner: boolean;
  onClose: () => void;
  onCreated: (ticket: TicketDto) => void;
}

/**
 * Raise a ticket: subject, a description with simple formatting, and files, checked against the contract's
 * limits before anything is sent; the files' progress shows while the multipart form uploads.
 */
export function TicketCreateDialog({ needsPartner, onClose, onCreated }: TicketCreateDialogProps) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const [category, setCategory] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const busy = progress !== null;
  // One key per content: sending the same form again after a lost answer creates the ticket once; an edit is a new ticket.
  const [idempotencyKey] = useStateResetOn([subject, description, partnerId, category, files], () => crypto.randomUUID());

  const errors = useMemo(() => {
    const found: Record<string, string> = {};
    for (const [field, message] of Object.entries(schemaErrors(createTicketSchema, { subject, description }))) {
      found[field] = translateRuleMessage(message, translate);
    }
    if (needsPartner && !partnerId) found.partnerId = translate('tickets.create.partnerRequired');
    return { ...found, ...serverErrors };
  }, [subject, description, partnerId, needsPartner, serverErrors, translate]);
  const shownError = (field: string) => (submitted || field in serverErrors ? errors[field] : undefined);

  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    setProgress(files.map(() => 0));
    try {
      const ticket = await createTicket(
        { subject: subject.trim(), description, partnerId: needsPartner ? partnerId : null, category: category || null, files },
        {
          idempotencyKey,
          onProgress: ({ loaded, total }) =>
            setProgress(
              perFileProgress(
                files.map((f) => f.size),
                loaded,
                total,
              ),
            ),
        },
      );
      showToast('success', translate('tickets.create.created'));
      onCreated(ticket);
    } catch (error) {
      setProgress(null);
      if (error instanceof ApiError && error.body.errors) setServerErrors(error.body.errors);
      showToast('error', error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Dialog
      open
      fullScreen={fullScreen}
      onClose={busy ? undefined : onClose}
      aria-labelledby="ticket-create-title"
      data-testid="ticket-create-dialog"
      // A partner's draft gets the help center's suggestions beside it (below it on a phone).
      slotProps={{ paper: { sx: { width: { sm: 640, md: needsPartner ? 640 : 960 }, maxWidth: { sm: 'calc(100% - 32px)' } } } }}
    >
      <DialogTitle id="ticket-create-title">{translate('tickets.create.title')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3, alignItems: 'flex-start' }}>
        <Stack
          component="form"
          id="ticket-create-form"
          spacing={2.5}
          sx={{ flex: 1, minWidth: 0, width: '100%' }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {needsPartner && (
            <PartnerPicker
              label={translate('tickets.fields.partnerName')}
              value={partnerId}
              onChange={(id) => {
                setPartnerId(id);
                setServerErrors(({ partnerId: _cleared, ...rest }) => rest);
              }}
              required
              disabled={busy}
              error={!!shownError('partnerId')}
              helperText={shownError('partnerId')}
            />
          )}
          <TextField
            label={translate('tickets.fields.subject')}
            name="subject"
            value={subject}
            onChange={(event) => {
              setSubject(event.target.value);
              setServerErrors(({ subject: _cleared, ...rest }) => rest);
            }}
            required
            fullWidth
            autoFocus
            disabled={busy}
            error={!!shownError('subject')}
            helperText={shownError('subject') ?? `${subject.length}/${TICKET_SUBJECT_MAX}`}
            slotProps={{ htmlInput: { maxLength: TICKET_SUBJECT_MAX + 50, 'data-testid': 'ticket-subject' } }}
          />
          <TextField
            select
            label={translate('ticketAssignment.category.label')}
            value={category}
            onChange={(event) => setCategory(event.target.value)}
            fullWidth
            disabled={busy}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'ticket-category' } as object } }}
          >
            <MenuItem value="">{translate('ticketAssignment.category.none')}</MenuItem>
            {TICKET_CATEGORIES.map((value) => (
              <MenuItem key={value} value={value}>
                {translate(`ticketAssignment.category.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <RichTextEditor
            label={translate('tickets.fields.description')}
            onChange={(html) => {
              setDescription(html);
              setServerErrors(({ description: _cleared, ...rest }) => rest);
            }}
            error={!!shownError('description')}
            helperText={shownError('description')}
          />
          <AttachmentPicker
            files={files}
            onChange={setFiles}
            limits={ticketAttachmentLimits}
            typesLabel={translate(TICKET_FILE_TYPES_LABEL)}
            label={translate('tickets.fields.attachments')}
            progress={progress}
            disabled={busy}
          />
        </Stack>
        {!needsPartner && (
          <TicketSuggestions
            subject={subject}
            description={description}
            onAnswered={() => {
              showToast('success', translate('helpCenter.suggestions.answeredDone'));
              onClose();
            }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button type="submit" form="ticket-create-form" variant="contained" disabled={busy} data-testid="ticket-create-submit">
          {busy ? translate('tickets.create.sending') : translate('tickets.create.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
