import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import type { SessionUser } from '../providers/auth/sessionUser';

/** The user's picture, or the first letter of their name when there is none. */
export function UserAvatar({ user, size = 36, sx }: { user?: Partial<SessionUser>; size?: number; sx?: SxProps<Theme> }) {
  return (
    <Avatar
      src={user?.avatar}
      alt={user?.fullName}
      sx={[{ width: size, height: size, bgcolor: 'primary.main', color: 'primary.contrastText' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {user?.initial}
    </Avatar>
  );
}
