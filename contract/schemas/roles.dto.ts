import * as yup from 'yup';
import type { RoleDto, RolePermissionsChange, RolePermissionsDto } from '../roles.dto';
import { uuid, timestamp, text, optionalText, version } from './dtoFields';

export const roleDtoSchema: yup.ObjectSchema<RoleDto> = yup.object({
  id: uuid(),
  name: text(),
  description: optionalText(),
  priority: yup.number().integer().defined(),
  requireSecondFactor: yup.boolean().defined(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  version: version(),
});

export const rolePermissionsDtoSchema: yup.ObjectSchema<RolePermissionsDto> = yup.object({
  roleId: uuid(),
  permissions: yup.array(yup.string().defined()).defined(),
});

export const rolePermissionsChangeSchema: yup.ObjectSchema<RolePermissionsChange> = yup.object({
  added: yup.array(yup.string().defined()).defined(),
  removed: yup.array(yup.string().defined()).defined(),
  affectedUsers: yup.number().integer().defined(),
});
