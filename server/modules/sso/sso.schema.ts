import { boolean, index, pgTable, primaryKey, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { partners } from '../partners/partners.schema';
import { roles } from '../roles/roles.schema';
import { users } from '../users/users.schema';

/**
 * The identity provider of an organisation: a partner's, or the staff organisation's (`partnerId` null). One per
 * organisation; OpenID Connect or SAML 2.0, each kind filling its own columns.
 */
export const identityProviders = pgTable(
  'identity_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull().$type<'oidc' | 'saml'>(),
    name: varchar('name', { length: 100 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Password and passkey sign-in refused for the organisation's verified domains. */
    requireSso: boolean('require_sso').notNull().default(false),
    /** The role a member created at first sign-in gets when no mapping gives one. */
    defaultRoleId: uuid('default_role_id').references(() => roles.id, { onDelete: 'set null' }),
    oidcIssuer: varchar('oidc_issuer', { length: 500 }),
    oidcClientId: varchar('oidc_client_id', { length: 255 }),
    /** Sealed with the server's key; never sent back to a client. */
    oidcClientSecretSealed: text('oidc_client_secret_sealed'),
    samlEntryPoint: varchar('saml_entry_point', { length: 1000 }),
    samlIdpEntityId: varchar('saml_idp_entity_id', { length: 500 }),
    /** The IdP's signing certificates (PEM, several during a rotation). */
    samlIdpCertificates: text('saml_idp_certificates'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('identity_providers_organisation_key').on(t.partnerId).nullsNotDistinct()],
);

/** An email domain an organisation claims; sign-in routes by it once verified. A domain belongs to one organisation. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    /** Lower case, without a trailing dot. */
    domain: varchar('domain', { length: 253 }).notNull().unique(),
    /** The token the partner admin places to prove the domain (its hash is enough to compare, but it is shown again). */
    verificationToken: varchar('verification_token', { length: 100 }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('sso_domains_partner_idx').on(t.partnerId)],
);

/**
 * The organisation's table from a provider's group or role claim (or a SCIM group) to a portal role; kept by the
 * partner admin, never naming a staff-only role nor one above the admin's own rank.
 */
export const ssoRoleMappings = pgTable(
  'sso_role_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    /** The group's name or id as the provider sends it (compared exactly). */
    claimValue: varchar('claim_value', { length: 255 }).notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [unique('sso_role_mappings_claim_key').on(t.partnerId, t.claimValue, t.roleId).nullsNotDistinct()],
);

/**
 * A sign-in on its way through a provider: what the callback must find again (OIDC's state, nonce and PKCE verifier;
 * SAML's request ID for `InResponseTo`) and where the person goes after. Taken once, within minutes.
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    /** OIDC's `state`, or SAML's `RelayState`: random, never guessable. */
    id: varchar('id', { length: 100 }).primaryKey(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    nonce: varchar('nonce', { length: 100 }),
    codeVerifier: varchar('code_verifier', { length: 200 }),
    samlRequestId: varchar('saml_request_id', { length: 200 }),
    /** A path of the app (never an absolute address) to land on after signing in. */
    returnTo: varchar('return_to', { length: 500 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sso_flows_expiry_idx').on(t.expiresAt)],
);

/**
 * The one-time code a provider's callback hands the browser, exchanged at `POST /api/token/sso` for the session (the
 * tokens never travel in an address). Only its hash is stored.
 */
export const ssoHandoffs = pgTable('sso_handoffs', {
  codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  providerId: uuid('provider_id')
    .notNull()
    .references(() => identityProviders.id, { onDelete: 'cascade' }),
  /** The provider said the person passed its own multi-factor check (OIDC `amr`/`acr`, SAML AuthnContextClassRef). */
  mfa: boolean('mfa').notNull(),
  /** What the provider needs to sign the person out there too (OIDC id_token hint, SAML NameID and SessionIndex). */
  logoutHint: text('logout_hint'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** SAML assertion IDs already accepted, kept until their `NotOnOrAfter` (plus the allowed skew): each is taken once. */
export const ssoAssertionsSeen = pgTable(
  'sso_assertions_seen',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    assertionId: varchar('assertion_id', { length: 200 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.assertionId] })],
);
