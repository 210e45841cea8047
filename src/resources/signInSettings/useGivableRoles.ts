import { useMemo } from 'react';
import { useGetList, usePermissions } from 'react-admin';
import { ROLE_NAMES } from '../../../contract/roles';
import type { RoleDto } from '../../../contract/roles.dto';

export interface RoleOption {
  id: string;
  name: string;
}

/**
 * The roles offered for the mapping and the default role: for a partner, none above PartnerAdmin (the server also
 * refuses staff-only permissions and anything above the person's own rank). Read only by those who may list roles.
 */
export function useGivableRoles(forPartner: boolean): { roles: RoleOption[]; readable: boolean } {
  const { permissions } = usePermissions<string[]>();
  const readable = !!permissions?.some((p) => p === 'Permissions.Roles.View' || p === 'Permissions.Roles.Search');
  const { data } = useGetList<RoleDto>('roles', { pagination: { page: 1, perPage: 100 }, sort: { field: 'priority', order: 'ASC' } }, { enabled: readable });
  return useMemo(() => {
    const all = data ?? [];
    const ceiling = forPartner ? all.find((role) => role.name === ROLE_NAMES.partnerAdmin)?.priority : undefined;
    const offered = ceiling === undefined ? all : all.filter((role) => role.priority >= ceiling);
    return { roles: offered.map(({ id, name }) => ({ id, name })), readable };
  }, [data, forPartner, readable]);
}
