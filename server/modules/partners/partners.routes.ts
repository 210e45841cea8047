import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { registerCrudResource } from '../../core/crudResource';
import { partnersResource } from './partners.resource';

export const partnerRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerCrudResource(app, ctx, partnersResource);
};
