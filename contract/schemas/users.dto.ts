import * as yup from 'yup';
import type { AuditTrailEntryDto } from '../auditTrail';
import type { TokenResponse } from '../tokens';
import type { UserDto, UserRoleDto } from '../users';
import { uuid, timestamp, text, optionalText, version, jsonObject } from './dtoFields';

export const userDtoSchema: yup.ObjectSchema<UserDto> = yup.object({
  id: uuid(),
  fullName: text(),
  firstName: text(),
  lastName: text(),
  userName: text(),
  email: text(),
  phoneNumber: optionalText(),
  partnerId: yup.string().uuid().nullable().defined(),
  partnerName: optionalText(),
  roleId: yup.string().uuid().nullable().defined(),
  role: optionalText(),
  isActive: yup.boolean().defined(),
  emailConfirmed: yup.boolean().defined(),
  organization: optionalText(),
  imageUrl: optionalText(),
  createdAt: timestamp(),
  heldUntil: yup.string().datetime().nullable().defined(),
  mailBouncedAt: yup.string().datetime().nullable().defined(),
  deleted: yup.boolean().optional(),
  version: version(),
});

export const userRoleDtoSchema: yup.ObjectSchema<UserRoleDto> = yup.object({
  roleId: uuid(),
  roleName: text(),
  description: optionalText(),
  enabled: yup.boolean().defined(),
});

export const tokenResponseSchema: yup.ObjectSchema<TokenResponse> = yup.object({
  token: text(),
  refreshToken: text(),
  refreshTokenExpiryTime: timestamp(),
});

export const auditTrailEntryDtoSchema: yup.ObjectSchema<AuditTrailEntryDto> = yup.object({
  id: uuid(),
  userId: yup.string().uuid().nullable().defined(),
  type: text(),
  tableName: text(),
  primaryKey: text(),
  oldValues: jsonObject().nullable().defined(),
  newValues: jsonObject().nullable().defined(),
  affectedColumns: yup.array(yup.string().defined()).nullable().defined(),
  dateTime: timestamp(),
});
