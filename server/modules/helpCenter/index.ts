import type { PortalModule } from '../module';
import { helpArticlesRoutes } from './helpArticles.routes';
import { helpReadingRoutes } from './helpReading.routes';
import { seedDemoHelpCenter } from './helpCenter.demo';

/** The help center (issue 39): staff's articles and their publication, and what readers and visitors read of them. */
export const helpCenterModule: PortalModule = {
  name: 'help-center',
  plugin: async (app, { ctx }) => {
    await app.register(helpArticlesRoutes, { ctx });
    await app.register(helpReadingRoutes, { ctx });
  },
  seedDemo: seedDemoHelpCenter,
};
