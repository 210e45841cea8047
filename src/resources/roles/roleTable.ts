import { createElement } from 'react';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import type { RoleDto } from '../../../contract/roles.dto';
import { roleSchema } from '../../../contract/schemas/roles';
import { declaredIdentity } from '../../admin/screenDeclaration';
import type { EntityResource } from '../../entityTable/types';
import roles from '.';
import { RoleInputs } from './RoleInputs';

/** Roles (/roles): name, description and priority (smaller ranks higher); permissions on their own page. */
const roleTable: EntityResource<RoleDto> = {
  ...declaredIdentity(roles),
  titleKey: 'app.nav.roles',
  nameKey: 'admin.roles.name',
  descriptionKey: 'admin.roles.description',
  emptyTitleKey: 'admin.empty.roles',
  defaultSort: { field: 'priority', order: 'ASC' },
  keywordSearch: true,
  columns: [
    { source: 'name', labelKey: 'admin.roles.fields.name', sortable: true, card: 'title' },
    { source: 'description', labelKey: 'admin.roles.fields.description', hideOnMobile: true, maxWidth: 420, card: 'fact' },
    { source: 'priority', labelKey: 'admin.roles.fields.priority', sortable: true, card: 'fact' },
  ],
  form: { Inputs: RoleInputs, schema: roleSchema, defaults: { priority: 100 } },
  exportable: true,
  rowActions: [
    {
      key: 'permissions',
      labelKey: 'admin.roles.permissions',
      icon: createElement(KeyOutlined, { fontSize: 'small' }),
      access: { action: 'View' },
      run: (role, { navigate }) => navigate(`/roles/${encodeURIComponent(String(role.id))}/permissions`),
    },
  ],
};

export default roleTable;
