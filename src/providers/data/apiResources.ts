/**
 * react-admin resource names whose API path differs (DESIGN.md lists the API's resource paths, all under
 * /api/v1). Any other name is its own path.
 */
const apiPathByResource: Record<string, string> = {
  'user-management': 'users',
  'form-config': 'forms',
  'ticket-manager': 'tickets',
  'ticket-management': 'tickets',
};

export function toApiResource(resource: string): string {
  return apiPathByResource[resource] ?? resource;
}
