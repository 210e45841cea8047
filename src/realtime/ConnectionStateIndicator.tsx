import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import { useConnectionState } from './hooks';
import type { ConnectionState } from './realtimeClient';

const COLORS: Record<ConnectionState, string> = {
  Connected: 'success.main',
  Connecting: 'warning.main',
  Reconnecting: 'warning.main',
  Disconnecting: 'grey.500',
  Disconnected: 'error.main',
};

/** The top bar's realtime dot: green when live, amber while (re)connecting, red when not; its state as tooltip. */
export function ConnectionStateIndicator() {
  const translate = useTranslate();
  const state = useConnectionState();
  const label = translate('realtime.tooltip', { state: translate(`realtime.state.${state}`) });
  const busy = state === 'Connecting' || state === 'Reconnecting';
  return (
    <Tooltip title={label}>
      <Box
        role="status"
        aria-label={label}
        tabIndex={0}
        data-testid="connection-state"
        data-state={state}
        sx={{
          width: 32,
          height: 32,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: '50%',
          outline: 'none',
          '&:focus-visible': { boxShadow: (theme) => `0 0 0 2px ${theme.palette.primary.main}` },
        }}
      >
        <Box
          sx={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            bgcolor: COLORS[state],
            boxShadow: (theme) => `0 0 0 3px ${theme.palette.background.default}`,
            '@keyframes realtimePulse': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.35 } },
            animation: busy ? 'realtimePulse 1.2s ease-in-out infinite' : 'none',
          }}
        />
      </Box>
    </Tooltip>
  );
}
