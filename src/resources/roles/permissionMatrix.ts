import { permission, type Action, type Permission, type Resource } from '../../../contract/permissions';
import { declaredResources } from '../../../contract/resources';
import { scopeActionsOf } from '../../../contract/resources/scopes';
import { resourceDescription, resourceLabel } from './permissionCatalogue';

/** The columns: everyday actions, then the staff-side ones grouped after them. */
export const EVERYDAY_ACTIONS: readonly Action[] = ['View', 'Search', 'Create', 'Update', 'Delete', 'Export'];
export const STAFF_ACTIONS: readonly Action[] = ['AdminView', 'AdminUpdate', 'Configure', 'Impersonate'];

/**
 * The permissions this product checks (a route's access, a screen's or menu's check), by resource: the
 * editor's rows. The catalogue's other strings (template resources like Tenants or Todos, actions nothing
 * checks) are not shown and keep whatever value a role has.
 */
export const MATRIX_ROWS: ReadonlyArray<{ resource: Resource; actions: readonly Action[] }> = [
  // A declared resource's: its routes' actions, and AdminView where it reaches across partners.
  ...declaredResources
    .filter((d) => !d.tableOwner)
    .map((d) => ({
      resource: d.permission as Resource,
      actions: [...new Set<Action>([...EVERYDAY_ACTIONS, ...scopeActionsOf(d.scope), ...(d.screen?.staffOnly ? (['AdminView'] as const) : [])])],
    })),
  { resource: 'PartnerUsers', actions: ['View', 'Search', 'Create', 'Update', 'Delete', 'AdminView'] },
  // Impersonate: staff roles only (the server refuses it on a role held by a partner's users).
  { resource: 'Users', actions: ['View', 'Search', 'Create', 'Update', 'Delete', 'Impersonate'] },
  { resource: 'UserRoles', actions: ['View', 'Update'] },
  { resource: 'Roles', actions: ['View', 'Search', 'Create', 'Update', 'Delete', 'Export'] },
  { resource: 'Form', actions: ['View', 'Search', 'Create', 'Update', 'Delete', 'Configure'] },
  { resource: 'PartnerForm', actions: ['View', 'Search', 'Create', 'Update', 'Export', 'AdminView', 'AdminUpdate'] },
  { resource: 'NextPartnerForms', actions: ['View', 'Search', 'Create', 'Update', 'Delete'] },
  { resource: 'Tickets', actions: ['View', 'Search', 'Create', 'Update', 'Export', 'AdminView', 'AdminUpdate'] },
  { resource: 'TicketConversations', actions: ['View', 'Create'] },
  { resource: 'AccessibleFile', actions: ['View', 'Create', 'Update', 'Delete', 'AdminView'] },
  { resource: 'FileAccessRequest', actions: ['View', 'Search', 'Create', 'AdminView', 'AdminUpdate'] },
  { resource: 'AuditTrails', actions: ['View'] },
];

export interface MatrixRow {
  resource: Resource;
  /** One per column: the permission, or null where this resource has no such action. */
  cells: Array<Permission | null>;
}

type Translate = (key: string) => string;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();

/**
 * The rows and columns a search leaves: a resource whose name or description matches keeps its row with
 * every column; failing that, the actions whose name matches keep their column in every row. Names match as
 * the catalogue spells them and in the reader's language, without diacritics ("xuat" finds "Xuất file").
 */
export function permissionMatrix(translate: Translate, search: string): { columns: Action[]; rows: MatrixRow[] } {
  const wanted = fold(search.trim());
  const allColumns = [...EVERYDAY_ACTIONS, ...STAFF_ACTIONS];
  const resourceText = (resource: Resource) => fold(`${resource} ${resourceLabel(translate, resource)} ${resourceDescription(translate, resource)}`);
  let rows = MATRIX_ROWS.filter((row) => !wanted || resourceText(row.resource).includes(wanted));
  let columns = allColumns;
  if (wanted && rows.length === 0) {
    columns = allColumns.filter((action) => fold(`${action} ${translate(`admin.permissions.actions.${action}`)}`).includes(wanted));
    rows = MATRIX_ROWS.filter((row) => row.actions.some((action) => columns.includes(action)));
  }
  return {
    columns,
    rows: rows.map(({ resource, actions }) => ({ resource, cells: columns.map((action) => (actions.includes(action) ? permission(resource, action) : null)) })),
  };
}

/** How many of the role's permissions the matrix does not show (kept as they are on save). */
export const hiddenCount = (enabled: ReadonlySet<string>) => {
  const shown = new Set<string>(MATRIX_ROWS.flatMap(({ resource, actions }) => actions.map((action) => permission(resource, action))));
  return [...enabled].filter((key) => !shown.has(key)).length;
};
