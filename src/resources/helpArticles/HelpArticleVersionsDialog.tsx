import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { HelpArticleDto, HelpArticleVersionDto } from '../../../contract/helpCenter';
import type { RowActionDialogProps } from '../../entityTable/types';
import { isAbortError } from '../../providers/http';
import { useDateTimeFormat } from '../tickets/useDateTimeFormat';
import { fetchHelpArticleVersion, fetchHelpArticleVersions } from './helpArticlesApi';
import { versionDiff, type LanguageDiff, type WordChange } from './versionDiff';

function ChangedWords({ changes }: { changes: WordChange[] }) {
  const translate = useTranslate();
  if (!changes.some((change) => change.kind !== 'same')) return <Typography color="text.secondary">{translate('helpCenter.versions.unchanged')}</Typography>;
  return (
    <Typography component="p" sx={{ whiteSpace: 'pre-wrap' }}>
      {changes.map((change, index) =>
        change.kind === 'added' ? (
          <Box component="ins" key={index} sx={{ bgcolor: 'rgba(46, 125, 50, 0.16)', color: 'text.primary', textDecoration: 'underline' }}>
            {change.text}
          </Box>
        ) : change.kind === 'removed' ? (
          <Box component="del" key={index} sx={{ bgcolor: 'rgba(211, 47, 47, 0.14)', color: 'text.primary' }}>
            {change.text}
          </Box>
        ) : (
          <span key={index}>{change.text}</span>
        ),
      )}
    </Typography>
  );
}

function DiffOfLanguage({ diff }: { diff: LanguageDiff }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate(`helpCenter.languages.${diff.language}`)} sx={{ mt: 2 }} data-testid={`help-diff-${diff.language}`}>
      <Typography variant="subtitle1" component="h3">
        {translate(`helpCenter.languages.${diff.language}`)}
      </Typography>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 1 }}>
        {translate('helpCenter.fields.title')}
      </Typography>
      <ChangedWords changes={diff.title} />
      <Typography variant="subtitle2" component="h4" sx={{ mt: 1 }}>
        {translate('helpCenter.fields.body')}
      </Typography>
      <ChangedWords changes={diff.body} />
    </Box>
  );
}

/** An article's versions, newest first, with who saved each and when; two chosen show a word diff per language. */
export function HelpArticleVersionsDialog({ record, onClose }: RowActionDialogProps<HelpArticleDto>) {
  const translate = useTranslate();
  const dateTime = useDateTimeFormat();
  const [versions, setVersions] = useState<HelpArticleVersionDto[] | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [diff, setDiff] = useState<LanguageDiff[] | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchHelpArticleVersions(record.id, abort.signal).then(setVersions, (error: unknown) => {
      if (!isAbortError(error)) setVersions([]);
    });
    return () => abort.abort();
  }, [record.id]);

  // The two last chosen: choosing a third lets go of the first.
  const toggle = (number: number) => {
    setDiff(null);
    setChosen((current) => (current.includes(number) ? current.filter((n) => n !== number) : [...current, number].slice(-2)));
  };

  const compare = async () => {
    const [older, newer] = [...chosen].sort((a, b) => a - b);
    const [before, after] = await Promise.all([fetchHelpArticleVersion(record.id, older), fetchHelpArticleVersion(record.id, newer)]);
    setDiff(versionDiff(before, after));
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="help-versions-title">
      <DialogTitle id="help-versions-title">{translate('helpCenter.versions.title', { slug: record.slug })}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">{translate('helpCenter.versions.intro')}</Typography>
        <List dense aria-label={translate('helpCenter.versions.list')}>
          {versions?.map((version) => {
            const labelId = `help-version-${version.number}`;
            return (
              <ListItem key={version.number} disablePadding data-testid="help-version">
                <ListItemIcon>
                  <Checkbox
                    edge="start"
                    checked={chosen.includes(version.number)}
                    onChange={() => toggle(version.number)}
                    slotProps={{ input: { 'aria-labelledby': labelId } }}
                  />
                </ListItemIcon>
                <ListItemText
                  id={labelId}
                  primary={translate('helpCenter.versions.number', { number: version.number })}
                  secondary={translate('helpCenter.versions.editedBy', {
                    name: version.editedByName ?? translate('helpCenter.versions.someone'),
                    at: dateTime(version.editedAt),
                  })}
                />
                {version.publishedAt && <Chip size="small" color="success" label={translate('helpCenter.statuses.published')} />}
              </ListItem>
            );
          })}
        </List>
        {versions?.length === 0 && <Typography>{translate('helpCenter.versions.none')}</Typography>}
        {diff?.map((language) => (
          <DiffOfLanguage key={language.language} diff={language} />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {translate('helpCenter.close')}
        </Button>
        <Button variant="contained" disabled={chosen.length !== 2} onClick={() => void compare()}>
          {translate('helpCenter.versions.compare')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
