import * as yup from 'yup';
import { ROLE_MAPPINGS_MAX, SSO_KINDS, type SsoKind } from '../sso';
import { format, id, required, requiredText, text } from './fields';
import { isWebsiteAddress } from './formats';
import { msg } from './messages';

/** A host name of at least two labels, each 1–63 letters, digits or inner hyphens (lower-cased; IDNs as punycode). */
const DOMAIN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const isDomainName = (value: string) => DOMAIN.test(value);

const address = (max: number) => format(max, 'website', isWebsiteAddress);
const whenKind = (kind: SsoKind, schema: yup.StringSchema<string | undefined>) =>
  schema.when('kind', { is: kind, then: (s) => s.required(required), otherwise: (s) => s.nullable().optional() });

/** An organisation's identity provider as staff write it; an omitted client secret keeps the one stored. */
export const identityProviderSchema = yup.object({
  kind: yup
    .string<SsoKind>()
    .oneOf([...SSO_KINDS], msg('validation.notOption'))
    .required(required),
  name: requiredText(100),
  enabled: yup.boolean().default(true),
  requireSso: yup.boolean().default(false),
  defaultRoleId: id().nullable().default(null),
  oidcIssuer: whenKind('oidc', address(500)),
  oidcClientId: whenKind('oidc', text(255)),
  oidcClientSecret: text(1000).nullable().optional(),
  samlEntryPoint: whenKind('saml', address(1000)),
  samlIdpEntityId: whenKind('saml', text(500)),
  samlIdpCertificates: whenKind(
    'saml',
    text(20_000).test(
      'certificate',
      msg('validation.certificate'),
      (value) => !value || /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.test(value),
    ),
  ),
});
export type IdentityProviderInput = yup.InferType<typeof identityProviderSchema>;

/** A domain a partner admin claims for its organisation's sign-in. */
export const ssoDomainSchema = yup.object({
  domain: yup
    .string()
    .trim()
    .lowercase()
    .max(253, msg('validation.maxLength'))
    .required(required)
    .test('domain', msg('validation.domain'), (value) => !value || value.length > 253 || isDomainName(value.replace(/\.$/, ''))),
});

/** The whole role-mapping table of an organisation, written at once. */
export const ssoRoleMappingsSchema = yup.object({
  roleMappings: yup
    .array(yup.object({ claimValue: requiredText(255), roleId: id().required(required) }).noUnknown())
    .max(ROLE_MAPPINGS_MAX)
    .required(required),
});

/** A partner admin's own switch: its people sign in only through the provider. */
export const requireSsoSchema = yup.object({ requireSso: yup.boolean().required(required) });
