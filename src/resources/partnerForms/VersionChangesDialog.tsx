import { useState } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
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
import { useTranslate } from 'react-admin';
import type { PartnerFormDto } from '../../../contract/forms';
import type { PartnerFormMigrationResult, VersionChangesDto } from '../../../contract/partnerForms';
import { MIGRATE_ACTIONS, type MigrateAction } from '../../../contract/schemas/partnerForms';
import { showToast } from '../../notifications/toastStore';
import { NoteField, noteProblem } from './NoteField';
import { fetchVersionChanges, migrateActionApplies, migratePartnerForms } from './partnerFormApi';
import { PartnerFormStatusChip } from './PartnerFormStatusChip';
import { VersionChangesList } from './VersionChangesList';

export interface VersionChangesDialogProps {
  records: PartnerFormDto[];
  onClose: () => void;
  onChanged: () => void;
}

/** Staff's choice per partner form: one of the API's actions, or nothing for now. */
type Choice = MigrateAction | 'later';
const CHOICES: Choice[] = [...MIGRATE_ACTIONS, 'later'];
const applies = (choice: Choice, status: PartnerFormDto['status']) => choice === 'later' || migrateActionApplies(choice, status);
/** A draft moves to the new version unless staff say otherwise; a locked one keeps its version; a submitted one is left alone. */
const defaultChoice = (row: PartnerFormDto): Choice => (row.status === 'OPEN' ? 'migrate' : row.status === 'LOCKED' ? 'keep' : 'later');
const DONE = new Set(['migrated', 'kept', 'reopened']);

/**
 * A newer version of the form is Ready while partners fill the old one in: for each partner form, what moving
 * would change (new required questions, removed ones, changed rules and types), and staff's choice per partner
 * or for all of them: migrate the draft now, let them finish on the old version, or reopen on the new one.
 * Partner forms the server left alone are listed with the reason.
 */
export function VersionChangesDialog({ records, onClose, onChanged }: VersionChangesDialogProps) {
  const translate = useTranslate();
  const changes = useQueries({
    queries: records.map((row) => ({
      queryKey: ['partner-forms', 'versionChanges', { id: row.id }],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchVersionChanges(row.id, signal),
    })),
  });
  const [choices, setChoices] = useState<Record<string, Choice>>(() => Object.fromEntries(records.map((row) => [row.id, defaultChoice(row)])));
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [leftAlone, setLeftAlone] = useState<PartnerFormMigrationResult[] | null>(null);
  const noteInvalid = !!noteProblem(note, false);

  const chooseForAll = (choice: Choice) =>
    setChoices((current) => Object.fromEntries(records.map((row) => [row.id, applies(choice, row.status) ? choice : current[row.id]])));

  const apply = async () => {
    if (noteInvalid) return;
    setBusy(true);
    const results: PartnerFormMigrationResult[] = [];
    try {
      for (const action of MIGRATE_ACTIONS) {
        const ids = records.filter((row) => choices[row.id] === action).map((row) => row.id);
        if (ids.length) results.push(...(await migratePartnerForms(ids, action, note.trim() || undefined)));
      }
    } catch {
      // The HTTP client has shown the server's message; choices sent before it stand (the list reloads).
      onChanged();
      setBusy(false);
      return;
    }
    onChanged();
    const refused = results.filter((result) => !DONE.has(result.outcome));
    const done = results.length - refused.length;
    if (done) showToast('success', translate('partnerForms.versions.done', { smart_count: done }));
    if (refused.length) {
      setLeftAlone(refused);
      setBusy(false);
    } else onClose();
  };

  const partnerOf = (id: string) => records.find((row) => row.id === id)?.partnerName ?? id;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="partner-form-versions-title"
      data-testid="partner-form-versions-dialog"
      fullWidth
      maxWidth="md"
      slotProps={{ paper: { sx: { maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="partner-form-versions-title">{translate('partnerForms.versions.title', { smart_count: records.length })}</DialogTitle>
      <DialogContent>
        {leftAlone ? (
          <Stack spacing={1} sx={{ pt: 1 }} data-testid="versions-left-alone">
            <Alert severity="warning">{translate('partnerForms.versions.leftAlone', { smart_count: leftAlone.length })}</Alert>
            <List dense disablePadding>
              {leftAlone.map((result) => (
                <ListItem key={result.id}>
                  {translate('partnerForms.versions.leftAloneItem', {
                    partner: partnerOf(result.id),
                    reason: translate(`partnerForms.versions.outcomes.${result.outcome}`, { _: result.outcome }),
                  })}
                </ListItem>
              ))}
            </List>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography sx={{ color: 'text.secondary' }}>{translate('partnerForms.versions.intro')}</Typography>
            {records.length > 1 && (
              <TextField
                select
                size="small"
                label={translate('partnerForms.versions.forAll')}
                value=""
                onChange={(event) => chooseForAll(event.target.value as Choice)}
                sx={{ maxWidth: { sm: 360 } }}
              >
                {CHOICES.map((choice) => (
                  <MenuItem key={choice} value={choice}>
                    {translate(`partnerForms.versions.actions.${choice}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {records.map((row, index) => (
              <PartnerFormVersionCard
                key={row.id}
                row={row}
                query={changes[index]}
                choice={choices[row.id]}
                onChoice={(choice) => setChoices((current) => ({ ...current, [row.id]: choice }))}
              />
            ))}
            <NoteField value={note} onChange={setNote} showErrors helperKey="partnerForms.versions.noteHelp" testId="versions-note" />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {leftAlone ? (
          <Button variant="contained" onClick={onClose}>
            {translate('partnerForms.close')}
          </Button>
        ) : (
          <>
            <Button color="inherit" onClick={onClose} disabled={busy}>
              {translate('ra.action.cancel')}
            </Button>
            <Button variant="contained" onClick={() => void apply()} disabled={busy || noteInvalid} data-testid="versions-apply">
              {translate('partnerForms.versions.apply')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

interface PartnerFormVersionCardProps {
  row: PartnerFormDto;
  query: UseQueryResult<VersionChangesDto>;
  choice: Choice;
  onChoice: (choice: Choice) => void;
}

/** One partner form: its partner, status, the versions, what changes for it, and the choice for it. */
function PartnerFormVersionCard({ row, query, choice, onChoice }: PartnerFormVersionCardProps) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ p: 2 }} data-testid="version-changes" data-id={row.id}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {row.partnerName}
          </Typography>
          <PartnerFormStatusChip status={row.status} />
          {query.data && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {query.data.toForm
                ? translate('partnerForms.versions.fromTo', {
                    name: row.formName,
                    from: query.data.fromForm.versionNumber,
                    to: query.data.toForm.versionNumber,
                  })
                : translate('partnerForms.versions.noNewer')}
            </Typography>
          )}
        </Stack>
        {query.isPending ? (
          <CircularProgress size={20} aria-label={translate('app.loading')} />
        ) : query.isError || !query.data ? (
          <Alert severity="warning">{translate('partnerForms.versions.failed')}</Alert>
        ) : (
          <VersionChangesList changes={query.data} />
        )}
        <TextField
          select
          size="small"
          label={translate('partnerForms.versions.choice', { partner: row.partnerName })}
          value={choice}
          onChange={(event) => onChoice(event.target.value as Choice)}
          sx={{ maxWidth: { sm: 360 } }}
        >
          {CHOICES.filter((option) => applies(option, row.status)).map((option) => (
            <MenuItem key={option} value={option}>
              {translate(`partnerForms.versions.actions.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Card>
  );
}
