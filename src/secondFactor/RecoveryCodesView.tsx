import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PoliteStatus } from '../components/PoliteStatus';
import { useSecondFactorText } from './secondFactorText';

/** Recovery codes, shown once: copy them or download them as a text file, then say they are saved. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = useSecondFactorText();
  const [copied, setCopied] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The codes take the place of the form that made them: focus moves to their heading.
  useEffect(() => headingRef.current?.focus(), []);
  const asText = codes.join('\n') + '\n';

  const copy = async () => {
    await navigator.clipboard?.writeText(asText).catch(() => undefined);
    setCopied(true);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([asText], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'partner-portal-recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack spacing={2} data-testid="recovery-codes">
      <Typography component="h2" variant="h6" ref={headingRef} tabIndex={-1} sx={{ outline: 'none' }}>
        {text('codes.title')}
      </Typography>
      <Alert severity="warning">{text('codes.intro')}</Alert>
      <Box
        component="ul"
        aria-label={text('codes.listLabel')}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 2,
          bgcolor: 'action.hover',
          borderRadius: 1,
          display: 'grid',
          // As many columns as fit, none narrower than a code (19 characters), so no code breaks at a dash.
          gridTemplateColumns: 'repeat(auto-fill, minmax(20ch, 1fr))',
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <Box component="li" key={code} sx={{ whiteSpace: 'nowrap' }}>
            {code}
          </Box>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" onClick={copy}>
          {text(copied ? 'codes.copied' : 'codes.copy')}
        </Button>
        <Button variant="outlined" onClick={download}>
          {text('codes.download')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" onClick={onDone} data-testid="recovery-codes-done">
          {text('codes.done')}
        </Button>
      </Stack>
      <PoliteStatus message={text(copied ? 'codes.copied' : 'codes.shown')} />
    </Stack>
  );
}
