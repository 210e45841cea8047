import type { PortalModule } from '../module';
import { seedDemoActivity } from './activity.seed';

/** No routes: the demo's recent history in the audit trail, written after every other module's demo rows. */
export const activityModule: PortalModule = { name: 'activity', plugin: async () => {}, seedDemo: seedDemoActivity };
