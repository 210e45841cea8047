import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { registerCrudRoutes } from '../../core/crud';
import { createValidationRuleService } from './validationRules.service';

export const validationRuleRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerCrudRoutes(app, createValidationRuleService(ctx));
};
