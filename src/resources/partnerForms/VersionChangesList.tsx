import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { ChangedQuestion, VersionChanges } from '../../../contract/partnerForms';

const KINDS = ['addedRequired', 'removed', 'changedRules', 'changedTypes'] as const;

/** What moving a partner form to the newer version changes for it, kind by kind; nothing said for a kind without changes. */
export function VersionChangesList({ changes }: { changes: VersionChanges }) {
  const translate = useTranslate();
  const shown = KINDS.filter((kind) => (changes[kind] ?? []).length > 0);
  if (!shown.length) return <Typography variant="body2">{translate('partnerForms.versions.nothingChanges')}</Typography>;
  const labelOf = (question: ChangedQuestion & { answered?: boolean }) => {
    const label = question.label || question.key;
    return question.answered ? translate('partnerForms.versions.answered', { label }) : label;
  };
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
      {shown.map((kind) => (
        <Box key={kind} data-testid={`version-changes-${kind}`}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {translate(`partnerForms.versions.kinds.${kind}`, { smart_count: changes[kind].length })}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {changes[kind].map(labelOf).join(', ')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
