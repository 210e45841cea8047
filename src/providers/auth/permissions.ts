import { apiPaths } from '../../config/apiPaths';
import { apiRequest } from '../http/httpClient';
import { readStoredPermissions, savePermissions } from '../session/sessionStorage';

let fetchInFlight: Promise<string[]> | null = null;

/**
 * The signed-in user's permissions: the stored list when there is one, else fetched once and stored
 * (specification section 4). Simultaneous callers share one request.
 */
export function loadPermissions(): Promise<string[]> {
  const stored = readStoredPermissions();
  if (stored) return Promise.resolve(stored);
  fetchInFlight ??= apiRequest<string[]>(apiPaths.permissions)
    .then(({ data }) => {
      const permissions = Array.isArray(data) ? data : [];
      savePermissions(permissions);
      return permissions;
    })
    .finally(() => {
      fetchInFlight = null;
    });
  return fetchInFlight;
}
