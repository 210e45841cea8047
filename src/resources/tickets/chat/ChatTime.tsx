import Tooltip from '@mui/material/Tooltip';
import { useChatTimeFormat } from './chatTime';

/** A message's time as "2 minutes ago"; the full date and time on hover or focus, and for machines in dateTime. */
export function ChatTime({ iso, now }: { iso: string; now: number }) {
  const format = useChatTimeFormat();
  const full = format.full(iso);
  return (
    <Tooltip title={full} describeChild>
      <time dateTime={iso} tabIndex={0} data-testid="chat-time">
        {format.relative(iso, now)}
      </time>
    </Tooltip>
  );
}
