import type { ResourceDeclaration } from '../../../contract/resources/declaration';
import type { PortalModule } from '../../modules/module';
import { createCrudService, registerCrudRoutes } from '../crud';
import { crudResourceOf, type DeclaredHooks } from './crudResource';

/** A declared resource as a server module: its CRUD routes (guarded, documented) and its demo rows. */
export function declaredModule(d: ResourceDeclaration, hooks: DeclaredHooks = {}): PortalModule {
  const resource = crudResourceOf(d, hooks);
  return {
    name: d.name,
    plugin: async (app, { ctx }) => registerCrudRoutes(app, createCrudService(ctx, resource)),
    ...(hooks.seedDemo ? { seedDemo: hooks.seedDemo } : {}),
  };
}
