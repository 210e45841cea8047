import LockOutlined from '@mui/icons-material/LockOutlined';
import { StatusPage } from '../../components/StatusPage';
import { useTranslateMessage } from '../../i18n/translateMessage';

/** Shown in place of a screen the user may not open, with a way home. */
export function AccessDeniedPage() {
  const translate = useTranslateMessage();
  return (
    <StatusPage
      testId="access-denied"
      icon={<LockOutlined color="error" sx={{ fontSize: 64, mb: 2 }} />}
      title={translate('app.accessDenied.title')}
      body={translate('app.accessDenied.body')}
      homeLabel={translate('app.accessDenied.home')}
    />
  );
}
