import HelpOutline from '@mui/icons-material/HelpOutline';
import type { ScreenDeclaration } from '../../admin/screenDeclaration';

/**
 * The help center in the app (issue 39): every signed-in user searches and reads what is published for them. Its
 * address is /help-center: /help belongs to the public pages the server renders for signed-out visitors.
 */
const helpCenter: ScreenDeclaration = {
  name: 'help',
  apiPath: 'help',
  permissionResource: 'HelpArticles',
  labelKey: 'helpCenter.page.nav',
  icon: HelpOutline,
  routes: [
    { path: 'help-center', view: () => import('../../helpCenter/HelpPage') },
    { path: 'help-center/:slug', titleKey: 'helpCenter.page.title', view: () => import('../../helpCenter/HelpArticlePage') },
  ],
  navigation: { area: 'start', position: 40 },
};

export default helpCenter;
