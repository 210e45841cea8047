/** A resource declared once (contract/resources/) made into its table, CRUD resource and module. */
export { crudResourceOf, declaredScopeOf, declaredValuesOf, type DeclaredHooks } from './crudResource';
export { declaredModule } from './module';
export { columnNameOf, declaredTable, type DeclaredTable } from './table';
