import { eq } from 'drizzle-orm';
import { agreementsDeclaration } from '../../../contract/resources/agreements';
import { declaredModule } from '../../core/declared';
import { ApiError } from '../../core/errors';
import type { PortalModule } from '../module';
import { seedDemoAgreements } from './agreements.demo';
import { agreementRoutes } from './agreements.routes';
import { agreementVersions } from './agreements.schema';

const declared = declaredModule(agreementsDeclaration, {
  // Acceptances are evidence: an agreement goes only while nothing of it was published.
  async beforeDelete(tx, existing) {
    const [published] = await tx.select({ id: agreementVersions.id }).from(agreementVersions).where(eq(agreementVersions.agreementId, existing.id)).limit(1);
    if (published) throw new ApiError(409, 'agreements.published');
  },
});

/** Agreements (issue 40, item 6): the declared agreements' routes, their versions, partners' users' acceptances. */
export const agreementsModule: PortalModule = {
  name: 'agreements',
  plugin: async (app, { ctx }) => {
    await app.register(declared.plugin, { ctx });
    await app.register(agreementRoutes, { ctx });
  },
  seedDemo: seedDemoAgreements,
};
