import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import type { HelpArticleDto } from '../../../contract/helpCenter';
import { list, type ScreenDeclaration } from '../../admin/screenDeclaration';

/** Help articles (issue 39): staff write, publish and compare the help center's articles (/help-articles). */
const helpArticles: ScreenDeclaration<HelpArticleDto> = {
  name: 'help-articles',
  apiPath: 'help-articles',
  permissionResource: 'HelpArticles',
  labelKey: 'helpCenter.articles.nav',
  icon: ArticleOutlined,
  access: list('HelpArticles'),
  routes: [{ path: 'help-articles/:id?', view: 'entity' }],
  navigation: { area: 'ticket-management', position: 35 },
  recordRepresentation: (article) => article.en?.title ?? article.vi?.title ?? article.slug,
  entity: () => import('./helpArticleTable'),
};

export default helpArticles;
