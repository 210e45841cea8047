import type { PortalModule } from '../module';
import { partnerUserRoutes } from './partnerUsers.routes';

/** A partner admin's own users. */
export const partnerUsersModule: PortalModule = { name: 'partnerUsers', plugin: partnerUserRoutes };
