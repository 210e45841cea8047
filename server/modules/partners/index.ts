import type { PortalModule } from '../module';
import { partnerRoutes } from './partners.routes';
import { seedDemoPartners } from './partners.seed';

/** Partner organisations. */
export const partnersModule: PortalModule = { name: 'partners', plugin: partnerRoutes, seedDemo: seedDemoPartners };
