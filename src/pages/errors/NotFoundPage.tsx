import { StatusPage } from '../../components/StatusPage';
import { useTranslateMessage } from '../../i18n/translateMessage';

/** /404, outside the main layout; every unknown path of a signed-in user lands here. */
export default function NotFoundPage() {
  const translate = useTranslateMessage();
  return (
    <StatusPage
      testId="not-found"
      code="404"
      title={translate('app.notFound.title')}
      body={translate('app.notFound.body')}
      homeLabel={translate('app.notFound.home')}
    />
  );
}
