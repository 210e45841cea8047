import { declaredResources } from '../../../contract/resources';
import { declaredTable } from './table';

/** Every declared resource's table by its resource name (the same objects the modules query). */
export const declaredTables = Object.fromEntries(declaredResources.map((d) => [d.name, declaredTable(d)]));
