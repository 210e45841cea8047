import type { PortalModule } from '../module';
import { partnerRoutes } from './partners.routes';

/** Partner organisations. */
export const partnersModule: PortalModule = { name: 'partners', plugin: partnerRoutes };
