import { and, eq, isNull } from 'drizzle-orm';
import { foldForSearch } from '../../../contract/fold';
import { createCrudService, registerCrudRoutes } from '../../core/crud';
import type { PortalModule } from '../module';
import { cannedResponses } from './cannedResponses.schema';
import { cannedResponsesResource, DEMO_CANNED_RESPONSES } from './cannedResponses.service';

/** Canned responses (issue 25, point 4): the CRUD routes under /canned-responses, and two shared demo responses. */
export const cannedResponsesModule: PortalModule = {
  name: 'cannedResponses',
  plugin: async (app, { ctx }) => registerCrudRoutes(app, createCrudService(ctx, cannedResponsesResource)),
  async seedDemo(ctx) {
    for (const demo of DEMO_CANNED_RESPONSES) {
      const [found] = await ctx.db
        .select({ id: cannedResponses.id })
        .from(cannedResponses)
        .where(and(eq(cannedResponses.title, demo.title), isNull(cannedResponses.ownerId)));
      if (!found) await ctx.db.insert(cannedResponses).values({ ...demo, searchText: foldForSearch(`${demo.title} ${demo.body}`) });
    }
  },
};
