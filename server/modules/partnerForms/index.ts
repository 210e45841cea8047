import type { PortalModule } from '../module';
import { seedDemoPartnerForms } from './partnerForms.demo';
import { partnerFormRoutes } from './partnerForms.routes';

/** Partner forms: Ready form versions assigned to partners, filled in section by section, submitted, reviewed. */
export const partnerFormsModule: PortalModule = { name: 'partnerForms', plugin: partnerFormRoutes, seedDemo: seedDemoPartnerForms };
