import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';

interface RecordConflictAlertProps {
  /** The fields the other person changed, with their values. */
  theirs: Record<string, unknown>;
  labelOf: (field: string) => string;
  onReload: () => void;
  onOverwrite: () => void;
}

/**
 * A save refused because someone else saved the record first (412): what they changed, and the choice of
 * taking their version or saving one's own over it. Nothing is overwritten without that choice.
 */
export function RecordConflictAlert({ theirs, labelOf, onReload, onOverwrite }: RecordConflictAlertProps) {
  const translate = useTranslate();
  const fields = Object.entries(theirs);
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="record-conflict" role="alert">
      <AlertTitle>{translate('admin.conflict.title')}</AlertTitle>
      {translate('admin.conflict.body')}
      {fields.length ? (
        <Box
          component="dl"
          sx={{ my: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
          aria-label={translate('admin.conflict.theirs')}
        >
          {fields.map(([field, value]) => (
            <Box key={field} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 600 }}>
                {labelOf(field)}
              </Box>
              <Box component="dd" sx={{ m: 0, wordBreak: 'break-word' }} data-testid={`theirs-${field}`}>
                {value === null || value === undefined || value === '' ? '—' : String(value)}
              </Box>
            </Box>
          ))}
        </Box>
      ) : (
        <Box sx={{ my: 1 }}>{translate('admin.conflict.noFieldChanged')}</Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" color="inherit" onClick={onReload} data-testid="conflict-reload">
          {translate('admin.conflict.reload')}
        </Button>
        <Button size="small" color="inherit" onClick={onOverwrite} data-testid="conflict-overwrite">
          {translate('admin.conflict.overwrite')}
        </Button>
      </Box>
    </Alert>
  );
}
