import HelpOutline from '@mui/icons-material/HelpOutline';
import type { ScreenDeclaration } from '../admin/screenDeclaration';

/** The help center in the app (issue 39): every signed-in user searches and reads what is published for them. */
const helpCenter: ScreenDeclaration = {
  name: 'help-center',
  apiPath: 'help',
  permissionResource: 'HelpArticles',
  labelKey: 'helpCenter.page.nav',
  icon: HelpOutline,
  routes: [
    { path: 'help', view: () => import('./HelpPage') },
    { path: 'help/:slug', titleKey: 'helpCenter.page.title', view: () => import('./HelpArticlePage') },
  ],
  navigation: { area: 'start', position: 40 },
};

export default helpCenter;
