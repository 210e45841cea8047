/** The generic entity table: a resource declares itself (src/resources/<resource>/index.ts), the table does the rest. */
export { EntityTable } from './EntityTable';
export { EntityTableScreen } from './EntityTableScreen';
export { ConfirmDialog } from './ConfirmDialog';
export { useResourceAccess } from './useResourceAccess';
export type * from './types';
