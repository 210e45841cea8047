import { useCallback, useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocaleState, useNotify, usePermissions, useTranslate } from 'react-admin';
import type { AgreementVersionDto } from '../../../contract/agreements';
import { canAccessWith } from '../../../contract/permissions';
import type { AgreementRecord } from '../../../contract/resources/agreements';
import { publishAgreementVersionSchema } from '../../../contract/schemas/agreements';
import type { RowActionDialogProps } from '../../entityTable/types';
import { ApiError, isAbortError } from '../../providers/http';
import { useSchemaForm } from '../../schemaForm/useSchemaForm';
import { useDateTimeFormat } from '../tickets/useDateTimeFormat';
import { fetchAgreementVersions, publishAgreementVersion } from './agreementsApi';

/** A version's texts, both languages, as partners read them (plain text with its line breaks). */
function VersionTexts({ version, id }: { version: AgreementVersionDto; id: string }) {
  const translate = useTranslate();
  return (
    <Box id={id} sx={{ pl: 2, pb: 1, width: '100%' }}>
      {(
        [
          ['english', version.bodyEn],
          ['vietnamese', version.bodyVi],
        ] as const
      ).map(([language, body]) => (
        <Box key={language} component="section" aria-label={translate(`agreements.versions.${language}`)} sx={{ mt: 1 }}>
          <Typography variant="subtitle2" component="h4">
            {translate(`agreements.versions.${language}`)}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {body}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function VersionList({ versions }: { versions: AgreementVersionDto[] }) {
  const translate = useTranslate();
  const dateTime = useDateTimeFormat();
  const [shown, setShown] = useState<string | null>(null);
  if (!versions.length) return <Typography color="text.secondary">{translate('agreements.versions.empty')}</Typography>;
  return (
    <List dense aria-labelledby="agreement-versions-title">
      {versions.map((version) => (
        <ListItem key={version.id} disableGutters data-testid="agreement-version" sx={{ flexWrap: 'wrap' }}>
          <ListItemText
            primary={translate('agreements.versions.version', { number: version.versionNumber })}
            secondary={[
              version.publishedByName
                ? translate('agreements.versions.published', { date: dateTime(version.publishedAt), name: version.publishedByName })
                : translate('agreements.versions.publishedBySomeone', { date: dateTime(version.publishedAt) }),
              translate('agreements.versions.acceptedCount', { smart_count: version.acceptedCount }),
            ].join(' · ')}
          />
          <Button
            size="small"
            aria-expanded={shown === version.id}
            aria-controls={`agreement-version-${version.id}-texts`}
            onClick={() => setShown(shown === version.id ? null : version.id)}
          >
            {translate(shown === version.id ? 'agreements.versions.hideText' : 'agreements.versions.showText', { number: version.versionNumber })}
          </Button>
          {shown === version.id && <VersionTexts version={version} id={`agreement-version-${version.id}-texts`} />}
        </ListItem>
      ))}
    </List>
  );
}

/** The next version's texts, starting from the current ones; publishing asks every partner user again. */
function PublishForm({ agreement, next, onPublished }: { agreement: AgreementRecord; next: AgreementVersionDto | undefined; onPublished: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { values, isValid, field, touchAll, adopt, setServerErrors } = useSchemaForm(publishAgreementVersionSchema, { bodyEn: '', bodyVi: '' });
  const [saving, setSaving] = useState(false);
  const number = (next?.versionNumber ?? 0) + 1;

  useEffect(() => {
    if (next) adopt({ bodyEn: next.bodyEn, bodyVi: next.bodyVi });
  }, [next, adopt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    touchAll();
    if (!isValid) return;
    setSaving(true);
    try {
      const published = await publishAgreementVersion(agreement.id, values);
      notify('agreements.versions.publishedNotice', { type: 'success', messageArgs: { number: published.versionNumber } });
      onPublished();
    } catch (error) {
      if (error instanceof ApiError && error.body.errors) setServerErrors(error.body.errors);
      else notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="agreement-publish-heading" sx={{ mt: 2 }}>
      <Typography id="agreement-publish-heading" variant="subtitle1" component="h3">
        {translate('agreements.versions.publishHeading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('agreements.versions.publishHint')}
      </Typography>
      <TextField {...field('bodyEn')} label={translate('agreements.versions.bodyEn')} fullWidth multiline minRows={4} maxRows={12} margin="dense" required />
      <TextField {...field('bodyVi')} label={translate('agreements.versions.bodyVi')} fullWidth multiline minRows={4} maxRows={12} margin="dense" required />
      <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 1 }}>
        {translate('agreements.versions.publish', { number })}
      </Button>
    </Box>
  );
}

/** An agreement's versions, newest first (who published each, how many accepted), and the next one to publish. */
export function AgreementVersionsDialog({ record, onClose, onChanged }: RowActionDialogProps<AgreementRecord>) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { permissions } = usePermissions<string[]>();
  const mayPublish = canAccessWith(permissions ?? [], { resource: 'Agreements', action: 'Create' });
  const [versions, setVersions] = useState<AgreementVersionDto[] | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) => {
      fetchAgreementVersions(record.id, signal).then(setVersions, (error: unknown) => {
        if (!isAbortError(error)) setVersions([]);
      });
    },
    [record.id],
  );

  useEffect(() => {
    const abort = new AbortController();
    load(abort.signal);
    return () => abort.abort();
  }, [load]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="agreement-versions-title">
      <DialogTitle id="agreement-versions-title">
        {translate('agreements.versions.title', { name: locale === 'vi' ? record.nameVi : record.nameEn })}
      </DialogTitle>
      <DialogContent>
        {versions && <VersionList versions={versions} />}
        {versions && mayPublish && (
          <PublishForm
            agreement={record}
            next={versions[0]}
            onPublished={() => {
              load();
              onChanged();
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
