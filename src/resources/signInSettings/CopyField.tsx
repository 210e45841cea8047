import { useState } from 'react';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { copyText } from '../tickets/manager/copyText';

/** A value to copy (an address, a token): its label, the value in full (it wraps) and a copy button. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, py: 1 }} data-testid={testId}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      </Box>
      <Tooltip title={translate(copied ? 'signInSettings.copied' : 'signInSettings.copy')}>
        <IconButton aria-label={translate('signInSettings.copyLabel', { name: label })} onClick={() => void copyText(value).then(setCopied)} size="small">
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
