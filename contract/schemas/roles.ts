import * as yup from 'yup';
import { msg } from './messages';
import { id, required, requiredText, text } from './fields';

/** Specification section 5: a role's name is required; priority ranks it (smaller ranks higher). */
export const roleSchema = yup.object({
  name: requiredText(100),
  description: text(500),
  priority: yup.number().required(required).integer(msg('validation.integer')).min(1, msg('validation.minValue')).max(1000, msg('validation.maxValue')),
  /** Absent: unchanged on an update, off on a new role. */
  requireSecondFactor: yup.boolean().optional(),
});

/** PUT /roles/{id}/permissions: the whole set of enabled permissions. */
export const rolePermissionsSchema = yup.object({
  permissions: yup.array(yup.string().required(required).max(100)).required(required).max(1000),
});

/** POST /users/{id}/roles, as the ASP.NET backend takes it. */
export const userRolesSchema = yup.object({
  userRoles: yup
    .array(
      yup.object({
        roleId: id().required(required),
        roleName: yup.string().max(100),
        enabled: yup.boolean().required(required),
      }),
    )
    .required(required)
    .max(100),
});

export type RoleInput = yup.InferType<typeof roleSchema>;
