import type { FastifyPluginAsync } from 'fastify';
import type { ResourceDeclaration } from '../../../contract/resources/declaration';
import type { AppContext } from '../../context';
import type { PortalModule } from '../../modules/module';
import { createCrudService, registerCrudRoutes, type CrudResource } from '../crud';
import { crudResourceOf, type DeclaredHooks } from './crudResource';

const crudPlugin =
  <I extends object, T>(resource: CrudResource<I, T>): FastifyPluginAsync<{ ctx: AppContext }> =>
  async (app, { ctx }) =>
    registerCrudRoutes(app, createCrudService(ctx, resource));

/** A declared resource as a server module: its CRUD routes (guarded, documented), or the hooks' own, and its demo rows. */
export function declaredModule(d: ResourceDeclaration, hooks: DeclaredHooks = {}): PortalModule {
  return {
    name: d.name,
    plugin: hooks.routes ?? crudPlugin(crudResourceOf(d, hooks)),
    ...(hooks.seedDemo ? { seedDemo: hooks.seedDemo } : {}),
  };
}
