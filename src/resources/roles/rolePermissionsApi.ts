import { API_V1 } from '../../../contract/http';
import type { RolePermissionsChange, RolePermissionsDto } from '../../../contract/roles.dto';
import { apiRequest } from '../../providers/http/httpClient';

const path = (roleId: string, suffix = '') => `${API_V1}/roles/${encodeURIComponent(roleId)}/permissions${suffix}`;

/** A role's enabled permissions: read, preview a change (what it adds, removes, and whom it reaches), save. */
export const rolePermissionsApi = {
  get: (roleId: string, signal?: AbortSignal) => apiRequest<RolePermissionsDto>(path(roleId), { signal }).then((r) => r.data?.permissions ?? []),
  preview: (roleId: string, permissions: string[]) =>
    apiRequest<RolePermissionsChange>(path(roleId, '/preview'), { method: 'POST', body: { permissions } }).then((r) => r.data as RolePermissionsChange),
  save: (roleId: string, permissions: string[]) =>
    apiRequest<RolePermissionsChange>(path(roleId), { method: 'PUT', body: { permissions } }).then((r) => r.data),
};
