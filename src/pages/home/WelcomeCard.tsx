import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useGetIdentity, useTranslate } from 'react-admin';
import { UserAvatar } from '../../layout/UserAvatar';
import type { SessionUser } from '../../providers/auth/sessionUser';

/** Home's heading: a one-line greeting above the items (the e2e sign-in helper waits for its test id). */
export function WelcomeCard({ audience }: { audience: 'partner' | 'staff' | undefined }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const user = identity as SessionUser | undefined;
  const title = translate('dashboard.title');
  const brand = translate('app.brand.name');
  useEffect(() => {
    document.title = `${title} | ${brand}`;
  }, [title, brand]);
  return (
    <Box data-testid="welcome-card" sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, minWidth: 0 }}>
      <UserAvatar user={user} size={48} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {translate('dashboard.greeting', { name: user?.fullName ?? '' })}
        </Typography>
        {audience && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate(audience === 'partner' ? 'dashboard.partnerIntro' : 'dashboard.staffIntro')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
