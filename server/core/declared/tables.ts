import { declaredResources } from '../../../contract/resources';
import { declaredTable } from './table';

/** Every declared resource's own table (not those a module's hand-written table holds) by its resource name (the same objects the modules query). */
export const declaredTables = Object.fromEntries(declaredResources.filter((d) => !d.tableOwner).map((d) => [d.name, declaredTable(d)]));
