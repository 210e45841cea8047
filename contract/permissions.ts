import { declaredResources, type DeclaredPermission } from './resources';

/** The permission catalogue of specification section 3 (Permissions.{Resource}.{Action}), then the declared resources' own. */
const CATALOGUE = [
  'Tenants',
  'Dashboard',
  'Hangfire',
  'Users',
  'UserRoles',
  'Roles',
  'RoleClaims',
  'Products',
  'Brands',
  'Todos',
  'AuditTrails',
  'Partners',
  'PartnerUsers',
  'Form',
  'Tickets',
  'TicketConversations',
  'AccessibleFile',
  'ValidationRules',
  'NextPartnerForms',
  'Forms',
  'FormSections',
  'PartnerForm',
  'FileAccessRequest',
  // Issue 25: the business calendar and SLA targets (View; Configure changes them).
  'ServiceLevels',
  // Issue 25: who handles a ticket and its priority (View, Update; Configure the auto-assignment setting).
  'TicketAssignments',
  // Issue 25: internal notes in a ticket's chat (View, Create), staff only: never on a partner's role.
  'TicketNotes',
  // Issue 25: canned responses (View, Search; Create, Update, Delete one's own; Configure the shared ones), staff only.
  'CannedResponses',
  // Issue 25: merging a duplicate ticket into another (Create), staff only.
  'TicketMerges',
  // Issue 25: a partner rates its resolved ticket (Create); staff read the ratings (View).
  'TicketRatings',
  // Issue 37: an organisation's identity provider, domains and role mapping. Staff Configure any organisation's
  // (staff only); a partner's admin Views its own and Updates its domains and role mapping.
  'IdentityProviders',
  // Issue 37: SCIM bearer tokens of a partner (View, Create, Delete), kept by its admin.
  'ScimTokens',
  // Issue 39: help-center articles (View, Search, Create, Update, Delete; Configure publishes and unpublishes), staff only.
  'HelpArticles',
] as const;

export type Resource = (typeof CATALOGUE)[number] | DeclaredPermission;

export const RESOURCES: readonly Resource[] = [...new Set<Resource>([...CATALOGUE, ...declaredResources.map((d) => d.permission)])];

export const ACTIONS = [
  'View',
  'Search',
  'Create',
  'Update',
  'Delete',
  'Export',
  'AdminUpdate',
  'AdminView',
  'Configure',
  'Generate',
  'Clean',
  'UpgradeSubscription',
  // Users.Impersonate (issue 26): sign in as a lower-ranked user for support, never on a partner's role.
  'Impersonate',
] as const;

export type Action = (typeof ACTIONS)[number];
export type Permission = `Permissions.${Resource}.${Action}`;

export function permission(resource: Resource, action: Action): Permission {
  return `Permissions.${resource}.${action}`;
}

export const ALL_PERMISSIONS: Permission[] = RESOURCES.flatMap((r) => ACTIONS.map((a) => permission(r, a)));

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as string[]).includes(value);
}

/** react-admin's actions onto permission actions (DESIGN.md "Permissions and roles"). */
const RA_ACTIONS: Record<string, Action[]> = {
  list: ['Search', 'View'],
  show: ['View'],
  create: ['Create'],
  edit: ['Update'],
  delete: ['Delete'],
  export: ['Export'],
};

/**
 * A pure canAccess: `resource` is a permission resource (e.g. "Partners"); an action that is not one of
 * react-admin's passes through by name (e.g. "AdminView"). No resource means denied.
 */
export function canAccessWith(permissions: readonly string[], { action, resource }: { action: string; resource?: string }): boolean {
  if (!resource) return false;
  const actions = RA_ACTIONS[action] ?? [action];
  return actions.some((a) => permissions.includes(`Permissions.${resource}.${a}`));
}
