import { API_METHODS, apiResources, type ApiMethod, type ApiResource } from '../../../contract/apiResources';
import { declaredResources } from '../../../contract/resources';
import { listedFieldsOf, sortableFieldsOf, type ResourceDeclaration } from '../../../contract/resources/declaration';

/**
 * The resources of the stock react-admin test app (stockReactAdmin.test.ts), read by the app (main.tsx) and the test
 * alike: every declared resource (contract/resources), as its declaration says, and every resource the API serves
 * (contract/apiResources.ts), as its contract says. A resource declared or served later is in the test with no edit.
 */
export interface StockColumn {
  source: string;
  sortable: boolean;
  /** The resource a `<ReferenceField>` of this column shows. */
  reference?: string;
}

export interface StockResource {
  name: string;
  /** Declared in contract/resources (its columns and filters are the declaration's), or only in the API's contract. */
  declared: boolean;
  columns: StockColumn[];
  /** The field a `<ReferenceField>` to this resource shows (`recordRepresentation`). */
  titleField?: string;
  /** `<ReferenceInput>` filters of the list (a declared reference field that filters). */
  referenceFilters: { source: string; reference: string }[];
  /** A text field `<EditGuesser>` changes and saves; none: the resource is not edited in place. */
  editField?: string;
  editMax?: number;
  /** The record edited is one of these values (a published form cannot change): the first row otherwise. */
  editWhere?: Record<string, unknown>;
  /** The API's methods of it (contract/apiResources.ts; a declared resource serves every one). */
  methods: readonly ApiMethod[];
  /** The ids of a partner user's rows are only their partner's (`ownPartner`). */
  partnerScoped: boolean;
}

/** Resources the API serves without a declaration, and the one text field of each a person edits in place. */
const EDITED_API_FIELD: Record<string, { field: string; where?: Record<string, unknown> }> = {
  files: { field: 'fileName' },
  'file-grants': { field: 'note' },
  forms: { field: 'description', where: { status: 'Editing' } },
  users: { field: 'firstName' },
  'partner-users': { field: 'firstName' },
  roles: { field: 'description' },
};

/** The resources the test always covers, besides the declared ones (issue 23): files, their grants and form definitions. */
export const REQUIRED_API_RESOURCES = ['files', 'file-grants', 'forms'] as const;

function declaredStockResource(d: ResourceDeclaration): StockResource {
  const sortable = new Set(sortableFieldsOf(d));
  const listed = listedFieldsOf(d).map(([source, f]) => ({ source, sortable: sortable.has(source), reference: f.reference }));
  const times = ['createdAt', 'updatedAt'].map((source) => ({ source, sortable: sortable.has(source) }));
  // A text with room for the " (stock)" the edit appends (a country's 2-letter code has none).
  const edited = Object.entries(d.fields).find(([, f]) => f.type === 'text' && !f.untrimmed && (f.max ?? 255) >= 16);
  return {
    name: d.name,
    declared: true,
    columns: [{ source: 'id', sortable: sortable.has('id') }, ...listed, ...times],
    titleField: d.titleField,
    referenceFilters: Object.entries(d.fields).flatMap(([source, f]) =>
      f.type === 'reference' && f.filter && f.reference ? [{ source, reference: f.reference }] : [],
    ),
    editField: edited?.[0],
    editMax: edited?.[1].max,
    methods: API_METHODS,
    partnerScoped: d.scope.kind === 'ownPartner',
  };
}

function apiStockResource(api: ApiResource, names: Set<string>): StockResource {
  // A react-admin guesser's rule: `partnerId` points at `partners` when that is a resource.
  const referenceOf = (field: string) => (field.endsWith('Id') && names.has(`${field.slice(0, -2)}s`) ? `${field.slice(0, -2)}s` : undefined);
  const fields = api.sortable.includes('id') ? api.sortable : ['id', ...api.sortable];
  const edited = EDITED_API_FIELD[api.name];
  return {
    name: api.name,
    declared: false,
    columns: fields.map((source) => ({ source, sortable: api.sortable.includes(source), reference: referenceOf(source) })),
    titleField: api.searchFields[0],
    referenceFilters: [],
    editField: edited && api.methods.includes('update') ? edited.field : undefined,
    editWhere: edited?.where,
    methods: api.methods,
    partnerScoped: false,
  };
}

const declaredNames = new Set<string>(declaredResources.map((d) => d.name));
const allNames = new Set<string>([...declaredNames, ...apiResources.map((r) => r.name)]);

/** Every resource of the test, the declared first; a name both declare is covered as declared. */
export const stockResources: StockResource[] = [
  ...declaredResources.map((d) => declaredStockResource(d as unknown as ResourceDeclaration)),
  ...apiResources.filter((r) => !declaredNames.has(r.name)).map((r) => apiStockResource(r, allNames)),
];
