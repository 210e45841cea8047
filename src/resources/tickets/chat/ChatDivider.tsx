import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';

/** A labelled line across the chat: a day ("Today") or where the unread messages start ("New messages"). */
export function ChatDivider({ label, testId, accent }: { label: string; testId: string; accent?: boolean }) {
  return (
    <Divider data-testid={testId} role="separator" aria-label={label} sx={{ my: 0.5, ...(accent && { '&::before, &::after': { borderColor: 'error.main' } }) }}>
      <Typography variant="caption" sx={{ color: accent ? 'error.main' : 'text.secondary', fontWeight: accent ? 600 : 500 }}>
        {label}
      </Typography>
    </Divider>
  );
}
