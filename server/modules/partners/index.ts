import { partnersDeclaration } from '../../../contract/resources/partners';
import { declaredModule } from '../../core/declared';
import type { PortalModule } from '../module';
import { seedDemoPartners } from './partners.seed';

/** Partner organisations (contract/resources/partners.ts); a new partner is announced for onboarding rules. */
export const partnersModule: PortalModule = declaredModule(partnersDeclaration, {
  events: (id, action) => (action === 'created' ? [{ type: 'PartnerCreated', partnerId: id }] : []),
  seedDemo: seedDemoPartners,
});
