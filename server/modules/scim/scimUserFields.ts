import { isEmailAddress } from '../../../contract/schemas/formats';
import { attribute, booleanValue, isObject, textValue, type PatchOperation } from './scimInput';
import { invalidValue, ScimError } from './scimErrors';

/** What the portal keeps of a SCIM user: userName is the email; the rest maps to the users row and its link. */
export interface ScimUserFields {
  userName: string;
  givenName: string;
  familyName: string;
  externalId: string | null;
  active: boolean;
  phone: string | null;
}

const NAME_MAX = 100;
const EMAIL_MAX = 255;
const EXTERNAL_ID_MAX = 255;
const PHONE_MAX = 50;

/** Core and enterprise attributes a provider may send that the portal does not keep: accepted, left as they are. */
const KEPT_ELSEWHERE = [
  'displayname',
  'nickname',
  'profileurl',
  'title',
  'usertype',
  'preferredlanguage',
  'locale',
  'timezone',
  'emails',
  'ims',
  'photos',
  'addresses',
  'entitlements',
  'roles',
  'x509certificates',
  'password',
  'schemas',
  'id',
  'meta',
  'groups',
];
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:user';
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:user';

function userNameOf(value: unknown): string {
  const text = textValue(value, EMAIL_MAX);
  if (!text || !isEmailAddress(text)) throw invalidValue('scim.userNameNotEmail');
  return text;
}

function phoneOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw invalidValue();
  const chosen =
    value.find((p) => isObject(p) && attribute(p, 'primary') === true) ?? value.find((p) => isObject(p) && attribute(p, 'type') === 'work') ?? value[0];
  if (chosen === undefined) return null;
  if (!isObject(chosen)) throw invalidValue();
  return textValue(attribute(chosen, 'value'), PHONE_MAX) || null;
}

/** A whole user as POST and PUT send it (RFC 7643 §4.1); `current` fills `active` when a PUT leaves it out. */
export function userFieldsOf(body: Record<string, unknown>, current?: ScimUserFields): ScimUserFields {
  const name = attribute(body, 'name');
  if (name !== undefined && name !== null && !isObject(name)) throw invalidValue();
  const active = attribute(body, 'active');
  return {
    userName: userNameOf(attribute(body, 'userName')),
    givenName: (name && textValue(attribute(name, 'givenName'), NAME_MAX)) || '',
    familyName: (name && textValue(attribute(name, 'familyName'), NAME_MAX)) || '',
    externalId: textValue(attribute(body, 'externalId'), EXTERNAL_ID_MAX) || null,
    active: active === undefined || active === null ? (current?.active ?? true) : booleanValue(active),
    phone: phoneOf(attribute(body, 'phoneNumbers')),
  };
}

/** One attribute path (lower case, without the core schema's URN) set to `value` (undefined: removed). */
function setPath(fields: ScimUserFields, path: string, value: unknown): void {
  const removed = value === undefined;
  switch (path) {
    case 'username':
      if (removed) throw new ScimError(400, 'scim.required', 'mutability');
      fields.userName = userNameOf(value);
      return;
    case 'active':
      fields.active = removed ? false : booleanValue(value);
      return;
    case 'externalid':
      fields.externalId = removed ? null : textValue(value, EXTERNAL_ID_MAX) || null;
      return;
    case 'name.givenname':
      fields.givenName = removed ? '' : (textValue(value, NAME_MAX) ?? '');
      return;
    case 'name.familyname':
      fields.familyName = removed ? '' : (textValue(value, NAME_MAX) ?? '');
      return;
    case 'name':
      if (removed) fields.givenName = fields.familyName = '';
      else if (isObject(value)) for (const [key, item] of Object.entries(value)) setPath(fields, `name.${key.toLowerCase()}`, item);
      else throw invalidValue();
      return;
    case 'phonenumbers':
      fields.phone = removed ? null : phoneOf(value);
      return;
    case 'phonenumbers[type eq "work"].value':
      fields.phone = removed ? null : textValue(value, PHONE_MAX) || null;
      return;
  }
  if (path.startsWith('name.') && ['formatted', 'middlename', 'honorificprefix', 'honorificsuffix'].includes(path.slice(5))) return;
  const root = path.split(/[.[]/)[0];
  if (KEPT_ELSEWHERE.includes(root) || path.startsWith(ENTERPRISE)) return;
  throw new ScimError(400, 'scim.invalidPath', 'invalidPath');
}

/**
 * The user after a PatchOp's operations, in order, all or none: Entra ID's `{ "op": "Replace", "path": "active",
 * "value": "False" }` and Okta's `{ "op": "replace", "value": { "active": false } }` alike.
 */
export function patchedUserFields(current: ScimUserFields, operations: PatchOperation[]): ScimUserFields {
  const fields = { ...current };
  for (const { op, path, value } of operations) {
    if (path === null) {
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) setPath(fields, withoutSchema(key.toLowerCase()), item);
      continue;
    }
    setPath(fields, withoutSchema(path), op === 'remove' ? undefined : value);
  }
  return fields;
}

/** `urn:…:core:2.0:User:name.givenName` as `name.givenname`. */
const withoutSchema = (path: string) => (path.startsWith(`${USER_SCHEMA}:`) ? path.slice(USER_SCHEMA.length + 1) : path);
