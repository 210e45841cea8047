/** A declared resource (`CrudResource`) made into a service (`createCrudService`) and its routes (`registerCrudRoutes`). */
export { bulkIdsSchema, bulkUpdateSchema } from './bulkSchemas';
export type { CrudResource, CrudRow, CrudTable } from './resource';
export { crudRows, type CrudRows } from './rows';
export { registerCrudRoutes } from './routes';
export { createCrudService, type CrudService } from './service';
