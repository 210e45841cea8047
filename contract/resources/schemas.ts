import * as yup from 'yup';
import { format, id, maxLength, required, text } from '../schemas/fields';
import { isEmailAddress, isPhoneNumber, isWebsiteAddress } from '../schemas/formats';
import { msg } from '../schemas/messages';
import { computedEntries, fieldEntries, filterFieldsOf, type ResourceDeclaration } from './declaration';
import type { AnyRule, FieldDeclaration } from './fields';
import { ownerFieldOf, partnerFieldOf } from './scopes';

const integer = (f: FieldDeclaration) => {
  let schema = yup.number().integer();
  if (f.min !== undefined) schema = schema.min(f.min, msg('validation.minValue'));
  if (f.max !== undefined) schema = schema.max(f.max, msg('validation.maxValue'));
  return schema;
};

/** A field's rule with its limits, before required or optional. */
function valueRule(f: FieldDeclaration): AnyRule {
  switch (f.type) {
    case 'email':
      return format(f.max!, 'email', isEmailAddress);
    case 'phone':
      return format(f.max!, 'phone', isPhoneNumber);
    case 'url':
      return format(f.max!, 'website', isWebsiteAddress);
    case 'integer':
      return integer(f);
    case 'boolean':
      return yup.boolean();
    case 'enum':
      return yup.string().oneOf([...f.values!], msg('validation.notOption'));
    case 'reference':
      return id();
    default:
      return f.untrimmed ? yup.string().max(f.max!, maxLength) : text(f.max!);
  }
}

/** The input rule of one field: its limits, then required, an empty text's value, or null. */
function inputRule(f: FieldDeclaration): AnyRule {
  const rule = valueRule(f);
  let schema: AnyRule;
  if (f.type === 'boolean') schema = (rule as yup.BooleanSchema).default(false);
  else if (f.required) schema = rule.required(required);
  else if (f.emptyText === '') schema = (rule as yup.StringSchema).default('');
  else
    schema = rule
      .nullable()
      .default(null)
      .transform((value: unknown, original: unknown) => (original === '' ? null : value));
  return f.rules ? f.rules(schema) : schema;
}

/**
 * The body of a create or a PUT: every declared field with its limits (contract both sides check). A partner's
 * own rows need no partner in the body (the server puts theirs); staff must name one (the server says so).
 */
export function inputSchemaOf(d: ResourceDeclaration): yup.AnyObjectSchema {
  const filledByServer = (key: string) => partnerFieldOf(d.scope) === key;
  return yup.object(Object.fromEntries(fieldEntries(d).map(([key, f]) => [key, inputRule(filledByServer(key) ? { ...f, required: false } : f)])));
}

/** The search body's filters: each filterable field, within the field's own limits. */
export function searchFiltersOf(d: ResourceDeclaration): yup.ObjectShape {
  return Object.fromEntries(
    filterFieldsOf(d).map(([key, f]) => [key, f.type === 'text' || f.type === 'email' || f.type === 'phone' || f.type === 'url' ? text(f.max!) : valueRule(f)]),
  );
}

/** The answer's value of one field, documented at /api/docs. */
function answerRule(f: FieldDeclaration): AnyRule {
  const base =
    f.type === 'integer'
      ? yup.number().integer()
      : f.type === 'boolean'
        ? yup.boolean()
        : f.type === 'enum'
          ? yup.string().oneOf([...f.values!])
          : yup.string();
  return (f.required || f.emptyText === '' || f.type === 'boolean' ? base : base.nullable()).defined();
}

/** The owner an own-rows scope answers: a user's id, null on a shared row. */
function ownerAnswerOf(d: ResourceDeclaration) {
  const owner = ownerFieldOf(d.scope);
  if (!owner) return {};
  return { [owner]: d.scope.kind === 'sharedOrOwn' ? yup.string().nullable().defined() : yup.string().defined() };
}

/** A declared resource's answer (its DTO), documenting the routes' answers. */
export function dtoSchemaOf(d: ResourceDeclaration): yup.AnyObjectSchema {
  return yup.object({
    id: yup.string().uuid().defined(),
    ...Object.fromEntries([...fieldEntries(d), ...computedEntries(d)].map(([key, f]) => [key, answerRule(f)])),
    ...(d.softDelete ? { deleted: yup.boolean().defined() } : {}),
    ...ownerAnswerOf(d),
    createdAt: yup.string().datetime().defined(),
    updatedAt: yup.string().datetime().defined(),
    version: yup.string().optional(),
  });
}
