import { canAccessWith, RESOURCES, type Resource } from '../../../contract/permissions';

/** react-admin resource names (and screen paths) onto the permission resources of the catalogue. */
export const permissionResourceByName: Record<string, Resource> = {
  partners: 'Partners',
  users: 'Users',
  'user-management': 'Users',
  roles: 'Roles',
  'partner-users': 'PartnerUsers',
  tickets: 'Tickets',
  'ticket-manager': 'Tickets',
  'ticket-management': 'Tickets',
  'ticket-conversations': 'TicketConversations',
  'validation-rules': 'ValidationRules',
  'next-partner-forms': 'NextPartnerForms',
  'form-config': 'Form',
  forms: 'PartnerForm',
  'partner-forms': 'PartnerForm',
  'form-sections': 'FormSections',
  'accessible-files': 'AccessibleFile',
  files: 'AccessibleFile',
  'file-grants': 'AccessibleFile',
  'file-requests': 'FileAccessRequest',
  'audit-trails': 'AuditTrails',
  dashboard: 'Dashboard',
};

export function toPermissionResource(name: string | undefined): Resource | undefined {
  if (!name) return undefined;
  if ((RESOURCES as readonly string[]).includes(name)) return name as Resource;
  return permissionResourceByName[name];
}

/** react-admin's canAccess question answered from a permission list; an unknown resource is denied. */
export function canAccessResource(permissions: readonly string[], { action, resource }: { action: string; resource?: string }): boolean {
  return canAccessWith(permissions, { action, resource: toPermissionResource(resource) });
}
