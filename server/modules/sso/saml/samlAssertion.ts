import type { VerifiedIdentity } from '../verifiedIdentity';
import { NAME_ID_EMAIL } from './samlSettings';

/** An element as node-saml's xml2js reading gives it (prefixes stripped): attributes under `$`, text under `_`. */
export interface XmlNode {
  $?: Record<string, string>;
  _?: string;
  [child: string]: XmlNode[] | Record<string, string> | string | undefined;
}

const children = (node: XmlNode | undefined, name: string): XmlNode[] => {
  const value = node?.[name];
  return Array.isArray(value) ? value : [];
};
const child = (node: XmlNode | undefined, name: string) => children(node, name)[0];
const textOf = (node: XmlNode | undefined) => (typeof node?._ === 'string' ? node._.trim() : '');

const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/**
 * AuthnContextClassRef values that say the person passed the IdP's own multi-factor check (docs/decisions.md):
 * Entra ID / ADFS's `multipleauthn`, the SAML classes that are multi-factor by definition, REFEDS MFA.
 */
export const MFA_CONTEXT_CLASSES: ReadonlySet<string> = new Set([
  'http://schemas.microsoft.com/claims/multipleauthn',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorUnregistered',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:Smartcard',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:SmartcardPKI',
  'https://refeds.org/profile/mfa',
]);

const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'emailAddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];
const GROUP_ATTRIBUTES = ['groups', 'memberOf', 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups', 'http://schemas.xmlsoap.org/claims/Group'];
const GIVEN_NAME_ATTRIBUTES = ['givenName', 'firstName', 'urn:oid:2.5.4.42', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname'];
const FAMILY_NAME_ATTRIBUTES = ['sn', 'surname', 'lastName', 'urn:oid:2.5.4.4', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname'];

const MAX_GROUPS = 200;
const EMAIL = /^[^\s@<>()",;:]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export class SamlRefusal extends Error {
  constructor(
    /** The i18n key the person is shown. */
    readonly key: string,
    /** Why, for the log. */
    readonly reason: string,
  ) {
    super(reason);
  }

  /** Where the person was going, when the flow was found: they land on the sign-in page with it kept. */
  returnTo: string | null = null;
}

/** What the checks of the signed assertion need to know about the request it answers. */
export interface Expected {
  idpEntityId: string;
  acs: string;
  requestId: string;
}

/**
 * The checks node-saml leaves to its caller, on the assertion its signature check returned: the issuer is the
 * provider's IdP, and a bearer confirmation names our ACS as Recipient and our request as InResponseTo (so an
 * assertion signed for another request or another SP is refused whatever the unsigned Response around it says).
 */
export function checkAssertion(assertion: XmlNode, expected: Expected) {
  const issuer = textOf(child(assertion, 'Issuer'));
  if (issuer !== expected.idpEntityId) throw new SamlRefusal('ssoSaml.responseRefused', `issuer ${issuer} is not the provider's`);
  const confirmations = children(child(assertion, 'Subject'), 'SubjectConfirmation')
    .filter((confirmation) => confirmation.$?.Method === BEARER)
    .flatMap((confirmation) => children(confirmation, 'SubjectConfirmationData'));
  if (!confirmations.some((data) => data.$?.Recipient === expected.acs))
    throw new SamlRefusal('ssoSaml.responseRefused', 'no bearer confirmation names our ACS as Recipient');
  if (!confirmations.some((data) => data.$?.Recipient === expected.acs && data.$?.InResponseTo === expected.requestId))
    throw new SamlRefusal('ssoSaml.flowExpired', 'the assertion answers another request');
  const id = assertion.$?.ID;
  if (!id || id.length > 200) throw new SamlRefusal('ssoSaml.responseRefused', 'the assertion has no usable ID');
  return { id, expiresAt: expiryOf(assertion) };
}

/** The latest instant the assertion may be used (its Conditions' or its confirmations' NotOnOrAfter, the earlier). */
function expiryOf(assertion: XmlNode): Date {
  const instants = [
    child(assertion, 'Conditions')?.$?.NotOnOrAfter,
    ...children(child(assertion, 'Subject'), 'SubjectConfirmation').flatMap((c) => children(c, 'SubjectConfirmationData').map((d) => d.$?.NotOnOrAfter)),
  ]
    .map((value) => (value ? Date.parse(value) : NaN))
    .filter((value) => Number.isFinite(value));
  if (instants.length === 0) throw new SamlRefusal('ssoSaml.responseRefused', 'the assertion has no NotOnOrAfter');
  return new Date(Math.min(...instants));
}

/** Every value of the first of `names` the assertion carries (strings only, trimmed, non-empty). */
function attributeValues(assertion: XmlNode, names: readonly string[]): string[] {
  const attributes = children(assertion, 'AttributeStatement').flatMap((statement) => children(statement, 'Attribute'));
  for (const name of names) {
    const found = attributes.filter((attribute) => attribute.$?.Name === name || attribute.$?.FriendlyName === name);
    const values = found.flatMap((attribute) => children(attribute, 'AttributeValue').map(textOf)).filter(Boolean);
    if (values.length) return values;
  }
  return [];
}

const normalisedEmail = (value: string) => {
  const email = value.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? email : null;
};

/** The person the checked assertion names: email from an emailAddress NameID or a mail attribute, groups, names, MFA. */
export function identityOf(assertion: XmlNode): VerifiedIdentity {
  const nameId = child(child(assertion, 'Subject'), 'NameID');
  const subject = textOf(nameId);
  if (!subject) throw new SamlRefusal('ssoSaml.noEmail', 'the assertion has no NameID');
  const fromNameId = nameId?.$?.Format === NAME_ID_EMAIL ? normalisedEmail(subject) : null;
  const email = fromNameId ?? attributeValues(assertion, EMAIL_ATTRIBUTES).map(normalisedEmail).find(Boolean);
  if (!email) throw new SamlRefusal('ssoSaml.noEmail', 'neither an emailAddress NameID nor a mail attribute');
  const authn = children(assertion, 'AuthnStatement');
  const classes = authn.flatMap((statement) => children(statement, 'AuthnContext').flatMap((c) => children(c, 'AuthnContextClassRef').map(textOf)));
  const [givenName] = attributeValues(assertion, GIVEN_NAME_ATTRIBUTES);
  const [familyName] = attributeValues(assertion, FAMILY_NAME_ATTRIBUTES);
  return {
    subject,
    email,
    ...(givenName ? { givenName: givenName.slice(0, 100) } : {}),
    ...(familyName ? { familyName: familyName.slice(0, 100) } : {}),
    groups: [...new Set(attributeValues(assertion, GROUP_ATTRIBUTES).filter((group) => group.length <= 255))].slice(0, MAX_GROUPS),
    mfa: classes.some((value) => MFA_CONTEXT_CLASSES.has(value)),
    logoutHint: JSON.stringify({
      nameId: subject,
      nameIdFormat: nameId?.$?.Format ?? null,
      sessionIndex: authn[0]?.$?.SessionIndex ?? null,
    }),
  };
}
