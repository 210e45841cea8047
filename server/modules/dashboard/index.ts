import type { PortalModule } from '../module';
import { dashboardRoutes } from './dashboard.routes';

/** Home's dashboards (DESIGN.md "Home"): what needs the reader now, per audience, from indexed queries. */
export const dashboardModule: PortalModule = { name: 'dashboard', plugin: dashboardRoutes };
