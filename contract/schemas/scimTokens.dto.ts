import * as yup from 'yup';
import type { CreatedScimTokenDto, ScimTokenDto } from '../scimTokens';
import { optionalText, text, timestamp, uuid } from './dtoFields';

export const scimTokenDtoSchema: yup.ObjectSchema<ScimTokenDto> = yup.object({
  id: uuid(),
  partnerId: uuid(),
  name: text(),
  createdBy: yup.string().uuid().nullable().defined(),
  createdByName: optionalText(),
  createdAt: timestamp(),
  lastUsedAt: yup.string().datetime().nullable().defined(),
  revokedAt: yup.string().datetime().nullable().defined(),
});

export const createdScimTokenDtoSchema: yup.ObjectSchema<CreatedScimTokenDto> = scimTokenDtoSchema.shape({ token: text() });
