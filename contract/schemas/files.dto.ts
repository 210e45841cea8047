import * as yup from 'yup';
import {
  ACCESS_KINDS,
  FILE_REQUEST_STATUSES,
  GRANT_CONDITION_TYPES,
  GRANT_STATES,
  type AccessibleFileDto,
  type FileAccessLogDto,
  type FileGrantDto,
  type FileLinkDto,
  type FileLinkViewDto,
  type FileRequestDto,
  type ManagedFileDto,
} from '../files';
import { uuid, timestamp, text, optionalText, version, count } from './dtoFields';

export const fileRequestDtoSchema: yup.ObjectSchema<FileRequestDto> = yup.object({
  id: uuid(),
  fileId: yup.string().uuid().nullable().defined(),
  fileName: optionalText(),
  requestText: text(),
  reason: text(),
  status: yup.string().oneOf(FILE_REQUEST_STATUSES).defined(),
  partnerId: uuid(),
  partnerName: text(),
  requestedById: uuid(),
  requestedByName: text(),
  decidedById: yup.string().uuid().nullable().defined(),
  decidedByName: optionalText(),
  decidedAt: yup.string().datetime().nullable().defined(),
  decisionNote: text(),
  grantId: yup.string().uuid().nullable().defined(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  version: version(),
});

export const managedFileDtoSchema: yup.ObjectSchema<ManagedFileDto> = yup.object({
  id: uuid(),
  fileName: text(),
  contentType: text(),
  size: count(),
  uploadedById: uuid(),
  uploadedByName: text(),
  downloadCount: count(),
  visitCount: count(),
  activeGrantCount: count(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  replacedAt: yup.string().datetime().nullable().defined(),
  version: version(),
});

export const fileGrantDtoSchema: yup.ObjectSchema<FileGrantDto> = yup.object({
  id: uuid(),
  fileId: uuid(),
  fileName: text(),
  conditionType: yup.string().oneOf(GRANT_CONDITION_TYPES).defined(),
  targetId: uuid(),
  targetName: text(),
  partnerId: yup.string().uuid().nullable().defined(),
  from: timestamp(),
  to: timestamp(),
  note: text(),
  downloadLimit: yup.number().integer().nullable().defined(),
  downloadCount: count(),
  viewOnly: yup.boolean().defined(),
  state: yup.string().oneOf(GRANT_STATES).defined(),
  revokedAt: yup.string().datetime().nullable().defined(),
  requestId: yup.string().uuid().nullable().defined(),
  createdById: uuid(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  version: version(),
});

export const accessibleFileDtoSchema: yup.ObjectSchema<AccessibleFileDto> = yup.object({
  fileId: uuid(),
  fileName: text(),
  contentType: text(),
  size: count(),
  grantId: uuid(),
  expiresAt: timestamp(),
  viewOnly: yup.boolean().defined(),
  downloadsLeft: yup.number().integer().nullable().defined(),
});

export const fileLinkDtoSchema: yup.ObjectSchema<FileLinkDto> = yup.object({
  token: text(),
  url: text(),
  expiresAt: timestamp(),
});

export const fileLinkViewDtoSchema: yup.ObjectSchema<FileLinkViewDto> = yup.object({
  fileName: text(),
  contentType: text(),
  size: count(),
  inline: yup.boolean().defined(),
  viewOnly: yup.boolean().defined(),
  expiresAt: timestamp(),
  downloadsLeft: yup.number().integer().nullable().defined(),
  contentUrl: optionalText(),
  downloadUrl: optionalText(),
});

export const fileAccessLogDtoSchema: yup.ObjectSchema<FileAccessLogDto> = yup.object({
  id: text(),
  fileId: uuid(),
  fileName: text(),
  kind: yup.string().oneOf(ACCESS_KINDS).defined(),
  userId: uuid(),
  userName: text(),
  partnerId: yup.string().uuid().nullable().defined(),
  partnerName: optionalText(),
  grantId: yup.string().uuid().nullable().defined(),
  address: text(),
  client: text(),
  at: timestamp(),
});
