import type * as yup from 'yup';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a rule of any value type, required or not
export type AnyRule = yup.Schema<any, any, any, any>;

/** The kinds of field a declared resource has; each brings its column, its input rule, its input and its cell. */
export type FieldType = 'text' | 'email' | 'phone' | 'url' | 'integer' | 'boolean' | 'enum' | 'reference';

export type ReferenceOnDelete = 'restrict' | 'setNull' | 'cascade';

/**
 * One field of a declared resource. `T` is the value a record holds (its DTO type), `R` whether it is required
 * (an optional field holds null when empty, unless it has a default).
 */
export interface FieldDeclaration<T = unknown, R extends boolean = boolean> {
  type: FieldType;
  required: R;
  /** Longest text (characters), or the largest integer. */
  max?: number;
  /** Smallest integer. */
  min?: number;
  /** An enum's values, stored and sent as they are; labelled `<labels>.values.<field>.<value>`. */
  values?: readonly string[];
  /** The declared resource (its API name) a reference points at, e.g. "partners". */
  reference?: string;
  /**
   * What deleting the referenced row does to this one: `restrict` (the default: the delete is refused with 409
   * naming this resource), `setNull` (an optional reference is emptied) or `cascade` (this row goes too).
   */
  onDelete?: ReferenceOnDelete;
  /** What an optional text holds when empty (`''`): otherwise null. */
  emptyText?: '';
  /** Part of the keyword search (folded: case and Vietnamese diacritics ignored). */
  search?: boolean;
  /** The list and the API can sort by it (true unless said otherwise). */
  sort?: boolean;
  /** A filter of the search body and of the list's advanced search. */
  filter?: boolean;
  /** The filter matches a folded copy of the text (a column `<field>_folded`), so "nguyen" finds "Nguyễn". */
  folded?: boolean;
  /** A column of the CSV export (true unless said otherwise). */
  export?: boolean;
  /** A column of the list (true unless said otherwise). */
  list?: boolean;
  /** Unique among live rows, case ignored; the message (an i18n key) when taken. */
  unique?: { message: string };
  /** The text is kept as typed (a pattern, where spaces count), not trimmed. */
  untrimmed?: boolean;
  /** The input takes a whole row of the form, on several lines. */
  multiline?: boolean;
  /** The input takes a whole row of the form. */
  wide?: boolean;
  /** The column or card place on phones (below 600px). */
  card?: 'title' | 'fact';
  /** Kept off the list on phones. */
  hideOnMobile?: boolean;
  /** Extra rules of this field's input (the field's own limits are already there). */
  rules?: (schema: AnyRule) => AnyRule;
  /** Holds a value of type T (never set: it only carries the type). */
  readonly valueType?: T;
}

type Options = Omit<FieldDeclaration, 'type' | 'required' | 'valueType' | 'values' | 'reference' | 'onDelete'>;
type Base = Options & { required?: boolean };
type ReferenceOptions<O> = { onDelete?: O extends { required: true } ? Exclude<ReferenceOnDelete, 'setNull'> : ReferenceOnDelete };
type Required<O> = O extends { required: true } ? true : false;
type Value<T, O> = O extends { required: true } ? T : O extends { emptyText: '' } ? T : T | null;
/** A field as declared: its value's type, its kind and its options stay in the type (the table's columns read them). */
export type Field<T, K extends FieldType, O> = FieldDeclaration<Value<T, O>, Required<O>> & O & { type: K };

function field<T, K extends FieldType, O extends Base>(type: K, options: O, extra: Partial<FieldDeclaration> = {}): Field<T, K, O> {
  return { type, ...options, ...extra, required: options.required ?? false } as Field<T, K, O>;
}

/** The field builders of a declaration: `name: fields.text(255, { required: true, search: true })`. */
export const fields = {
  text: <const O extends Base>(max: number, options: O = {} as O) => field<string, 'text', O>('text', { ...options, max }),
  email: <const O extends Base>(options: O = {} as O) => field<string, 'email', O>('email', { max: 255, ...options }),
  phone: <const O extends Base>(options: O = {} as O) => field<string, 'phone', O>('phone', { max: 50, ...options }),
  url: <const O extends Base>(options: O = {} as O) => field<string, 'url', O>('url', { max: 255, ...options }),
  integer: <const O extends Base>(options: O = {} as O) => field<number, 'integer', O>('integer', options),
  boolean: <const O extends Options>(options: O = {} as O) =>
    field<boolean, 'boolean', O & { required: true }>('boolean', { ...options, required: true as const }),
  enum: <const V extends readonly string[], const O extends Base>(values: V, options: O = {} as O) =>
    field<V[number], 'enum', O>('enum', { max: 50, ...options }, { values }),
  /** `setNull` only where the reference is optional (a required one cannot be emptied). */
  reference: <const O extends Base & ReferenceOptions<O>>(resource: string, options: O = {} as O) =>
    field<string, 'reference', O>('reference', options, { reference: resource, onDelete: options.onDelete ?? 'restrict' }),
};

export const isSortable = (f: FieldDeclaration) => f.sort !== false;
export const isExported = (f: FieldDeclaration) => f.export !== false;
export const isListed = (f: FieldDeclaration) => f.list !== false;
