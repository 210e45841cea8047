import type { Action } from '../permissions';
import type { ComputedDeclaration } from './computed';
import { isExported, isListed, isSortable, type FieldDeclaration } from './fields';
import type { ResourceScope } from './scopes';

/** Where a declared resource's menu item sits (the side navigation's areas, src/layout/navigation.ts). */
export type NavigationArea = 'start' | 'form-configuration' | 'ticket-management' | 'files-and-partners' | 'administration';

/** The icons a declaration may name for its menu item: a name outside the list fails the typecheck. */
export const DECLARED_ICON_NAMES = ['business', 'contacts', 'people', 'rule', 'public'] as const;
export type DeclaredIconName = (typeof DECLARED_ICON_NAMES)[number];

/** Roles seeded on a new database, besides Admin (which holds every permission). */
export type SeededRoleName = 'Support' | 'PartnerAdmin' | 'Partner';

export interface ResourceLabels {
  /** The i18n key prefix: `<prefix>.name` (one record), `.description`, `.fields.<field>`, `.values.<field>.<value>`. */
  prefix: string;
  /** The list's title and menu item; `<prefix>.title` by default. */
  title?: string;
  /** The empty list's title; `<prefix>.empty` by default. */
  empty?: string;
}

/** The screen of a declared resource: a list with search, filters, add, edit, delete and export. */
export interface ResourceScreen {
  /** The route under the app's root (without `/` and the row id); the resource's name by default. */
  path?: string;
  /** The menu item's icon (src/admin/declaredIcons.ts draws each name); a generic one by default. */
  icon?: DeclaredIconName;
  /** The menu item's place; none: the screen is reached by its address only. */
  navigation?: { area: NavigationArea; position: number };
  /** The screen needs the resource's AdminView (staff across partners), not only its View or Search. */
  staffOnly?: boolean;
}

/**
 * A resource declared once (DESIGN.md "A resource is declared once"): the server derives its table, input and
 * answer schemas, routes, documentation, search, export and live audience from it; the browser its screen.
 */
export interface ResourceDeclaration<
  F extends Record<string, FieldDeclaration> = Record<string, FieldDeclaration>,
  P extends string = string,
  C extends Record<string, ComputedDeclaration> = Record<string, ComputedDeclaration>,
> {
  /** The API path under /api/v1, react-admin's resource name, the audit's table name and `ResourceChanged.resource`. */
  name: string;
  /** The SQL table. */
  table: string;
  /**
   * The module whose hand-written table holds the rows (e.g. "users" for partner users), when the declaration
   * does not make its own: then the module's hooks read and write them, and no table is derived.
   */
  tableOwner?: string;
  /** The catalogue resource of its permissions (`Permissions.<permission>.<Action>`); a new name joins the catalogue. */
  permission: P;
  /** Whose rows a reader reaches: `none()`, `ownPartner()`, `ownUser(owner)` or `sharedOrOwn({...})` (./scopes.ts). */
  scope: ResourceScope;
  fields: F;
  /** Read-only fields computed in SQL when a row is read (./computed.ts), e.g. `partnerCount: computed.count('partners', 'countryId')`. */
  computed?: C;
  /** The sort when a search names none, e.g. "name asc". */
  defaultSort: `${Extract<keyof F, string> | 'createdAt' | 'updatedAt'} ${'asc' | 'desc'}`;
  /** A row's title (dialogs, reference fields). */
  titleField: Extract<keyof F, string>;
  /** Deleted rows stay (marked `deleted`), so references to them still show. */
  softDelete?: boolean;
  labels: ResourceLabels;
  /** The field order of the add and edit dialogs, when it is not the declaration's. */
  formOrder?: readonly Extract<keyof F, string>[];
  /** The actions its API serves, as CRUD_ROUTES' routes of those actions (e.g. no Export: no `GET /export`); every action by default. */
  actions?: readonly Action[];
  /** Permissions the seeded roles get on a new database (Admin holds every permission on any database). */
  grants?: Partial<Record<SeededRoleName, readonly Action[]>>;
  screen?: ResourceScreen;
}

/** Declares a resource, keeping its literal types (its DTO type is `DtoOf<typeof declaration>`). */
export const defineResource = <
  const F extends Record<string, FieldDeclaration>,
  const P extends string,
  const S extends boolean = false,
  const Sc extends ResourceScope = ResourceScope,
  const C extends Record<string, ComputedDeclaration> = Record<never, ComputedDeclaration>,
>(
  declaration: ResourceDeclaration<F, P, C> & { softDelete?: S; scope: Sc },
) => declaration as ResourceDeclaration<F, P, C> & { softDelete: S; scope: Sc; computed: C };

type ValueOf<F> = F extends FieldDeclaration<infer T> ? T : never;
/** The owner column an own-rows scope answers: the owner's id, null on a shared row. */
type OwnerOf<S> = S extends { kind: 'ownUser'; owner: infer O extends string }
  ? { [K in O]: string }
  : S extends { kind: 'sharedOrOwn'; owner: infer O extends string }
    ? { [K in O]: string | null }
    : unknown;

/** A declared resource's answer: its fields, id, times, version (its ETag) and, when kept, whether it is deleted. */
export type DtoOf<D extends ResourceDeclaration> = { id: string } & { -readonly [K in keyof D['fields']]: ValueOf<D['fields'][K]> } & {
  createdAt: string;
  updatedAt: string;
  /** The record's version, answered as its ETag and sent back as If-Match. */
  version?: string;
} & (D['softDelete'] extends true ? { deleted: boolean } : unknown) &
  OwnerOf<D['scope']> & { -readonly [K in keyof NonNullable<D['computed']>]: number };

/** The stored fields: those a write takes and the table holds. */
export const fieldEntries = (d: ResourceDeclaration) => Object.entries(d.fields) as [string, FieldDeclaration][];
/** The computed fields: read-only, made by SQL when a row is read. */
export const computedEntries = (d: ResourceDeclaration) => Object.entries(d.computed ?? {}) as [string, ComputedDeclaration][];
/** Every field a DTO shows from the declaration: the stored ones, then the computed ones. */
const shownEntries = (d: ResourceDeclaration): [string, FieldDeclaration][] => [...fieldEntries(d), ...computedEntries(d)];

/** The fields a search sorts by: every sortable field (computed ones too), and the row's times. */
export const sortableFieldsOf = (d: ResourceDeclaration) => [
  ...shownEntries(d)
    .filter(([, f]) => isSortable(f))
    .map(([key]) => key),
  'createdAt',
  'updatedAt',
];

/** The fields a keyword search reads (the search body's `advancedSearch.fields` may name some of them). */
export const searchFieldsOf = (d: ResourceDeclaration) =>
  fieldEntries(d)
    .filter(([, f]) => f.search)
    .map(([key]) => key);

export const filterFieldsOf = (d: ResourceDeclaration) => shownEntries(d).filter(([, f]) => f.filter);

export const exportedFieldsOf = (d: ResourceDeclaration) =>
  shownEntries(d)
    .filter(([, f]) => isExported(f))
    .map(([key]) => key);

export const listedFieldsOf = (d: ResourceDeclaration) => shownEntries(d).filter(([, f]) => isListed(f));

/** The i18n keys of a declared resource's texts. */
export function labelKeysOf(d: ResourceDeclaration) {
  const { prefix } = d.labels;
  return {
    title: d.labels.title ?? `${prefix}.title`,
    name: `${prefix}.name`,
    description: `${prefix}.description`,
    empty: d.labels.empty ?? `${prefix}.empty`,
    field: (field: string) => `${prefix}.fields.${field}`,
    value: (field: string, value: string) => `${prefix}.values.${field}.${value}`,
  };
}

/** The routes the API serves for every declared resource (server/core/crud/routes.ts), with the action each needs. */
export const CRUD_ROUTES: readonly { method: string; path: string; action: Action }[] = [
  { method: 'POST', path: '/search', action: 'Search' },
  { method: 'GET', path: '/export', action: 'Export' },
  { method: 'GET', path: '/:id', action: 'View' },
  { method: 'POST', path: '', action: 'Create' },
  { method: 'PUT', path: '/:id', action: 'Update' },
  { method: 'PATCH', path: '/:id', action: 'Update' },
  { method: 'PATCH', path: '', action: 'Update' },
  { method: 'DELETE', path: '/:id', action: 'Delete' },
  { method: 'POST', path: '/delete', action: 'Delete' },
];

/** The CRUD routes a declared resource's API serves: those of the actions it declares, or all. */
export const crudRoutesOf = (d: ResourceDeclaration) => CRUD_ROUTES.filter(({ action }) => !d.actions || d.actions.includes(action));
