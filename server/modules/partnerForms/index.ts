import type { PortalModule } from '../module';
import { partnerFormRoutes } from './partnerForms.routes';

/** Partner forms: Ready form versions assigned to partners, filled in section by section, submitted, reviewed. */
export const partnerFormsModule: PortalModule = { name: 'partnerForms', plugin: partnerFormRoutes };
