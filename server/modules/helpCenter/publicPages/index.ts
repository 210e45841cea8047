import type { PortalModule } from '../../module';
import { publicHelpRoutes } from './publicHelp.routes';

/** The public help center's pages, at the site's root (/help, /vi/help), not under /api. */
export const helpPublicPagesModule: PortalModule = { name: 'help-public-pages', plugin: publicHelpRoutes, prefixes: [''] };
