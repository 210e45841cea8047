import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';

/** Staff's note at the top of the form the partner opens (a reopen's reason, an assignment's request). */
export function StaffNote({ note }: { note: string }) {
  const translate = useTranslate();
  return (
    <Alert severity="info" role="note" aria-labelledby="filler-note-title" data-testid="filler-note">
      <AlertTitle id="filler-note-title">{translate('formFiller.staffNote')}</AlertTitle>
      <Box component="span" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {note}
      </Box>
    </Alert>
  );
}
