import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useGetIdentity, useTranslate } from 'react-admin';
import { PageHeading } from '../../layout/PageHeading';
import { UserAvatar } from '../../layout/UserAvatar';
import type { SessionUser } from '../../providers/auth/sessionUser';

/** Home: a welcome for now; the audience dashboards of DESIGN.md arrive with their data. */
export default function HomePage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const user = identity as SessionUser | undefined;
  return (
    <>
      <PageHeading title={translate('app.home.title')} />
      <Card
        data-testid="welcome-card"
        sx={{
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          borderRadius: 2,
          backgroundImage: 'linear-gradient(135deg, rgba(255,255,255,0.12), rgba(0,0,0,0.12))',
        }}
      >
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 3, p: { xs: 3, md: 5 } }}>
          <UserAvatar user={user} size={64} sx={{ bgcolor: 'primary.dark', fontSize: 28 }} />
          <div>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700, mb: 1 }}>
              {translate('app.home.welcome', { name: user?.fullName ?? '' })}
            </Typography>
            <Typography sx={{ opacity: 0.85 }}>{translate('app.home.intro')}</Typography>
          </div>
        </CardContent>
      </Card>
    </>
  );
}
