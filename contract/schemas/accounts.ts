import * as yup from 'yup';
import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES } from '../http';
import type { DtoOf } from '../resources/declaration';
import { partnerUsersDeclaration } from '../resources/partnerUsers';
import { inputSchemaOf } from '../resources/schemas';
import { msg } from './messages';
import { confirmPasswordField, type loginSchema } from './credentials';
import { id, password, required, requiredText } from './fields';

type UserFields = Omit<DtoOf<typeof partnerUsersDeclaration>, 'id' | 'createdAt' | 'updatedAt' | 'version'>;
/**
 * A user's own fields with their limits, as partner users declare them (contract/resources/partnerUsers.ts): the
 * staff's, the partner admin's and the profile's forms check the same. An optional one takes null or '' for none.
 */
const userField = inputSchemaOf(partnerUsersDeclaration).fields as unknown as { [K in keyof UserFields]-?: yup.Schema<UserFields[K]> };

/** An avatar's data URL: the largest image in base64 and a `data:image/…;base64,` prefix. */
const AVATAR_DATA_URL_MAX = Math.ceil(AVATAR_MAX_BYTES / 3) * 4 + 100;

// The sign-in pages' schemas are in credentials.ts, away from the user fields' declaration (the sign-in bundle's size).
export {
  confirmMailSchema,
  confirmPasswordField,
  forgotPasswordSchema,
  loginSchema,
  refreshSchema,
  resendActivationSchema,
  resetPasswordSchema,
  revokeSchema,
  verifyTokenSchema,
} from './credentials';

export const changePasswordSchema = yup.object({
  password: yup.string().required(required).max(128, msg('validation.maxLength')),
  newPassword: password().notOneOf([yup.ref('password')], msg('validation.passwordUnchanged')),
  confirmNewPassword: confirmPasswordField('newPassword'),
});

export const registerSchema = yup.object({
  firstName: userField.firstName,
  lastName: userField.lastName,
  email: userField.email,
  userName: userField.userName,
  phoneNumber: userField.phoneNumber,
  organization: userField.organization,
  roleId: id(),
  partnerId: id().nullable(),
});

/**
 * PUT /users/{id}: what staff may change of a user (the email is the sign-in name and stays). A partnerId left
 * out keeps the user's partner (not the declared field, whose default is none).
 */
export const updateUserSchema = yup.object({
  firstName: userField.firstName,
  lastName: userField.lastName,
  phoneNumber: userField.phoneNumber,
  organization: userField.organization,
  partnerId: id().nullable(),
});

/** An avatar travels as a data URL (as the ASP.NET backend takes it); its content decides its type. */
export const avatarUploadSchema = yup
  .object({
    name: requiredText(255),
    extension: yup
      .string()
      .required(required)
      .transform((v: string) => v?.replace(/^\./, '').toLowerCase())
      .oneOf([...AVATAR_EXTENSIONS], msg('validation.avatarType')),
    data: yup.string().required(required).max(AVATAR_DATA_URL_MAX, msg('validation.avatarSize')),
  })
  .default(undefined)
  .nullable();

export const profileSchema = yup.object({
  firstName: userField.firstName,
  lastName: userField.lastName,
  phoneNumber: userField.phoneNumber,
  image: avatarUploadSchema,
  deleteCurrentImage: yup.boolean(),
});

export type LoginInput = yup.InferType<typeof loginSchema>;
export type RegisterInput = yup.InferType<typeof registerSchema>;
export type UpdateUserInput = yup.InferType<typeof updateUserSchema>;
export type ProfileInput = yup.InferType<typeof profileSchema>;
export type ChangePasswordInput = yup.InferType<typeof changePasswordSchema>;
