import type { AuditTrailEntryDto as AuditTrailEntry } from '../../../contract/auditTrail';
import type { PagedResult } from '../../../contract/envelope';
import { API_BASE, API_V1 } from '../../../contract/http';
import type { UserDto, UserRoleDto } from '../../../contract/users';
import { apiRequest } from '../../providers/http/httpClient';

export type { AuditTrailEntry };

/** The calls of user administration beyond the data provider's search, read, update and delete. */
export const userApi = {
  /** Staff register a user (inactive); the server mails the activation link. */
  register: (input: Record<string, unknown>) => apiRequest<UserDto>(`${API_V1}/users/register`, { method: 'POST', body: input }).then((r) => r.data),

  /** `users` or `partner-users`: activates an inactive user, deactivates an active one. */
  toggleStatus: (apiResource: 'users' | 'partner-users', id: string) =>
    apiRequest<UserDto>(`${API_V1}/${apiResource}/${encodeURIComponent(id)}/toggle-status`, { method: 'POST', notify: true }).then((r) => r.data),

  /** `users` or `partner-users`: ends the hold on a user's sign-in after failed attempts (a user not held stays as is). */
  liftHold: (apiResource: 'users' | 'partner-users', id: string) =>
    apiRequest<UserDto>(`${API_V1}/${apiResource}/${encodeURIComponent(id)}/lift-hold`, { method: 'POST', notify: true }).then((r) => r.data),

  /** `users` or `partner-users`: mail to a user whose address bounced is sent again (a user not bouncing stays as is). */
  resumeMail: (apiResource: 'users' | 'partner-users', id: string) =>
    apiRequest<UserDto>(`${API_V1}/${apiResource}/${encodeURIComponent(id)}/resume-mail`, { method: 'POST', notify: true }).then((r) => r.data),

  roles: (id: string, signal?: AbortSignal) =>
    apiRequest<UserRoleDto[]>(`${API_BASE}/users/${encodeURIComponent(id)}/roles`, { signal }).then((r) => r.data ?? []),

  saveRoles: (id: string, roles: UserRoleDto[]) =>
    apiRequest<UserRoleDto[]>(`${API_BASE}/users/${encodeURIComponent(id)}/roles`, {
      method: 'POST',
      body: { userRoles: roles.map(({ roleId, roleName, enabled }) => ({ roleId, roleName, enabled })) },
    }).then((r) => r.data ?? []),

  /** One page of a user's audit trail, newest first, with the total. */
  auditTrails: (id: string, page: { pageNumber: number; pageSize: number }, signal?: AbortSignal) =>
    apiRequest<PagedResult<AuditTrailEntry>>(
      `${API_BASE}/users/${encodeURIComponent(id)}/audit-trails?pageNumber=${page.pageNumber}&pageSize=${page.pageSize}`,
      { signal },
    ).then((r) => r.data ?? { items: [], totalCount: 0, currentPage: page.pageNumber, pageSize: page.pageSize }),
};
