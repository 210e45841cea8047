import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { registerCrudRoutes } from '../../core/crud';
import { createPartnerService } from './partners.service';

export const partnerRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerCrudRoutes(app, createPartnerService(ctx));
};
