import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { PortalModule } from '../module';
import { schedulePartnerFormReminders } from './partnerFormReminders';
import { seedDemoPartnerForms } from './partnerForms.demo';
import { partnerFormRoutes } from './partnerForms.routes';

const plugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(partnerFormRoutes, { ctx });
  schedulePartnerFormReminders(app, ctx);
};

/** Partner forms: Ready form versions assigned to partners, filled in section by section, submitted, reviewed, reminded of. */
export const partnerFormsModule: PortalModule = { name: 'partnerForms', plugin, seedDemo: seedDemoPartnerForms };
