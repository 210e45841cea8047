import * as yup from 'yup';
import { SCIM_TOKEN_NAME_MAX } from '../scimTokens';
import { requiredText } from './fields';

/** A new SCIM token: a name that says which provider holds it. */
export const scimTokenSchema = yup.object({
  name: requiredText(SCIM_TOKEN_NAME_MAX),
});

export type ScimTokenInput = yup.InferType<typeof scimTokenSchema>;
