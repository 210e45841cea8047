import type { Action, Resource } from './permissions';
import { declaredResources } from './resources';
import { ownerFieldOf } from './resources/scopes';
import { crudRoutesOf, searchFieldsOf, sortableFieldsOf, type ResourceDeclaration } from './resources/declaration';
import { partnerUsersDeclaration } from './resources/partnerUsers';

/**
 * What a resource path answers, in react-admin's words (DESIGN.md "API"): `search` POST {name}/search, `get`
 * GET {name}/{id}, `create` POST {name}, `update` PATCH {name}/{id}, `replace` PUT {name}/{id}, `delete`
 * DELETE {name}/{id}, `updateMany` PATCH {name}, `deleteMany` POST {name}/delete, `export` GET {name}/export.
 */
export const API_METHODS = ['search', 'get', 'create', 'update', 'replace', 'delete', 'updateMany', 'deleteMany', 'export'] as const;
export type ApiMethod = (typeof API_METHODS)[number];

/** The HTTP route of each method under /api/v1/{name}: its verb and the path after the name. */
export const API_METHOD_ROUTES: Record<ApiMethod, { verb: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; below: string }> = {
  search: { verb: 'POST', below: '/search' },
  get: { verb: 'GET', below: '/:id' },
  create: { verb: 'POST', below: '' },
  update: { verb: 'PATCH', below: '/:id' },
  replace: { verb: 'PUT', below: '/:id' },
  delete: { verb: 'DELETE', below: '/:id' },
  updateMany: { verb: 'PATCH', below: '' },
  deleteMany: { verb: 'POST', below: '/delete' },
  export: { verb: 'GET', below: '/export' },
};

/**
 * One resource the API serves. `name` is its path under /api/v1 and the one react-admin name for it (a screen
 * sharing the API has a name of its own that is no API name). `sortable`: the fields its search sorts by
 * (orderBy); a field of its DTO not listed cannot be sorted, and no column offers it. `searchFields`: the
 * fields `advancedSearch.fields` may limit the keyword to (none: the resource has no keyword search).
 */
export interface ApiResource {
  name: string;
  permission: Resource;
  sortable: string[];
  /** Fields its DTO shows that no search sorts by (an object, a list, a computed flag): a column of one is `sortable={false}`. */
  unsortable: string[];
  searchFields: string[];
  methods: ApiMethod[];
}

const ALL: ApiMethod[] = [...API_METHODS];

const userSortable = [
  'id',
  'firstName',
  'lastName',
  'fullName',
  'email',
  'userName',
  'phoneNumber',
  'organization',
  'partnerId',
  'partnerName',
  'role',
  'roleId',
  'heldUntil',
  'mailBouncedAt',
  'isActive',
  'emailConfirmed',
  'imageUrl',
  'createdAt',
  'updatedAt',
];
// The users' keyword fields are those partner users declare searched (contract/resources/partnerUsers.ts).
const userSearchFields = searchFieldsOf(partnerUsersDeclaration);

/** Every resource the API serves, read by the server (sort lists, tests) and the browser (dataProvider, canAccess). */
const METHODS_OF_ACTION: Partial<Record<Action, ApiMethod[]>> = {
  Search: ['search'],
  View: ['get'],
  Create: ['create'],
  Update: ['update', 'replace', 'updateMany'],
  Delete: ['delete', 'deleteMany'],
  Export: ['export'],
};

/** A declared resource (contract/resources/) served by the derived CRUD routes: what its declaration says. */
const declaredApiResource = (d: ResourceDeclaration): ApiResource => ({
  name: d.name,
  permission: d.permission as Resource,
  sortable: ['id', ...sortableFieldsOf(d)],
  // An own-rows scope's owner is answered, not sorted by.
  unsortable: ['version', ...(d.softDelete ? ['deleted'] : []), ...(ownerFieldOf(d.scope) ? [ownerFieldOf(d.scope)!] : [])],
  searchFields: searchFieldsOf(d),
  methods: [...new Set(crudRoutesOf(d).flatMap(({ action }) => METHODS_OF_ACTION[action] ?? []))],
});

export const apiResources: readonly ApiResource[] = [
  ...declaredResources.filter((d) => !d.tableOwner).map(declaredApiResource),
  {
    // Issue 39: the declared resources' routes over a module's table (translations and chosen partners are not flat fields).
    name: 'help-articles',
    permission: 'HelpArticles',
    sortable: ['id', 'slug', 'categoryId', 'audience', 'status', 'publishedVersion', 'publishedAt', 'latestVersion', 'updatedBy', 'createdAt', 'updatedAt'],
    unsortable: ['partnerIds', 'en', 'vi', 'helpfulYes', 'helpfulNo', 'version'],
    searchFields: ['slug'],
    methods: ALL,
  },
  {
    // Issue 40: who accepted which version of an agreement (server/modules/agreements/), read only.
    name: 'agreement-acceptances',
    permission: 'Agreements',
    sortable: [
      'id',
      'agreementId',
      'agreementName',
      'agreementNameVi',
      'versionId',
      'versionNumber',
      'userId',
      'userName',
      'userEmail',
      'partnerId',
      'partnerName',
      'acceptedAt',
      'clientAddress',
    ],
    unsortable: [],
    searchFields: ['userName', 'userEmail', 'partnerName', 'agreementName'],
    methods: ['search', 'get'],
  },
  {
    name: 'partner-users',
    permission: 'PartnerUsers',
    sortable: userSortable,
    unsortable: ['deleted', 'version'],
    searchFields: userSearchFields,
    methods: ['search', 'get', 'create', 'update', 'replace', 'delete', 'updateMany', 'deleteMany'],
  },
  {
    name: 'users',
    permission: 'Users',
    sortable: userSortable,
    unsortable: ['deleted', 'version'],
    searchFields: userSearchFields,
    // A user is made by POST /users/register (an invitation), not POST /users.
    methods: ['search', 'get', 'update', 'replace', 'delete', 'updateMany', 'deleteMany'],
  },
  {
    name: 'roles',
    permission: 'Roles',
    sortable: ['id', 'name', 'description', 'priority', 'createdAt', 'updatedAt', 'requireSecondFactor'],
    unsortable: ['version'],
    searchFields: ['name'],
    methods: ALL,
  },
  {
    name: 'tickets',
    permission: 'Tickets',
    sortable: [
      'id',
      'subject',
      'description',
      'status',
      'partnerId',
      'partnerName',
      'createdBy',
      'createdByName',
      'createdAt',
      'updatedAt',
      'lastMessageAt',
      'priority',
      'assigneeName',
      'assigneeId',
      'teamId',
      'teamName',
      'mergedIntoId',
      'rating',
      'sla',
    ],
    unsortable: ['attachments', 'matchedText', 'version'],
    searchFields: ['subject', 'description'],
    methods: ['search', 'get', 'create', 'replace', 'export'],
  },
  {
    name: 'forms',
    permission: 'Form',
    sortable: [
      'id',
      'definitionId',
      'versionNumber',
      'name',
      'description',
      'type',
      'note',
      'status',
      'totalFields',
      'requiredFields',
      'publishedAt',
      'createdAt',
      'updatedAt',
    ],
    unsortable: ['version'],
    searchFields: ['name'],
    methods: ['search', 'get', 'create', 'update', 'replace', 'delete'],
  },
  {
    name: 'partner-forms',
    permission: 'PartnerForm',
    sortable: [
      'id',
      'partnerId',
      'partnerName',
      'formId',
      'definitionId',
      'formName',
      'formVersionNumber',
      'status',
      'note',
      'totalFields',
      'requiredFields',
      'filledCount',
      'versionDecision',
      'submittedAt',
      'dueAt',
      'createdAt',
      'updatedAt',
    ],
    unsortable: ['outdated', 'prefilledKeys', 'review', 'sections', 'version'],
    searchFields: ['formName', 'partnerName'],
    methods: ['search', 'get', 'export'],
  },
  {
    name: 'next-partner-forms',
    permission: 'NextPartnerForms',
    sortable: ['id', 'trigger', 'sourceDefinitionId', 'sourceFormName', 'targetDefinitionId', 'targetFormName', 'dueDays', 'createdAt', 'updatedAt'],
    unsortable: ['version'],
    searchFields: ['sourceFormName', 'targetFormName'],
    methods: ['search', 'get', 'create', 'replace', 'delete'],
  },
  {
    name: 'files',
    permission: 'AccessibleFile',
    sortable: [
      'id',
      'fileName',
      'contentType',
      'size',
      'uploadedById',
      'uploadedByName',
      'downloadCount',
      'visitCount',
      'activeGrantCount',
      'createdAt',
      'updatedAt',
      'replacedAt',
    ],
    unsortable: ['version'],
    searchFields: ['fileName'],
    methods: ['search', 'get', 'create', 'update', 'replace', 'delete', 'export'],
  },
  {
    name: 'file-grants',
    permission: 'AccessibleFile',
    sortable: [
      'id',
      'fileId',
      'fileName',
      'conditionType',
      'targetId',
      'targetName',
      'partnerId',
      'from',
      'to',
      'note',
      'downloadLimit',
      'downloadCount',
      'viewOnly',
      'revokedAt',
      'requestId',
      'createdById',
      'createdAt',
      'updatedAt',
    ],
    unsortable: ['state', 'version'],
    searchFields: ['fileName', 'partnerName', 'roleName', 'userName'],
    methods: ['search', 'get', 'create', 'update', 'replace', 'delete'],
  },
  {
    name: 'file-requests',
    permission: 'FileAccessRequest',
    sortable: [
      'id',
      'fileId',
      'fileName',
      'requestText',
      'reason',
      'status',
      'partnerId',
      'partnerName',
      'requestedById',
      'requestedByName',
      'decidedById',
      'decidedByName',
      'decidedAt',
      'decisionNote',
      'grantId',
      'createdAt',
      'updatedAt',
    ],
    unsortable: ['version'],
    searchFields: ['requestText', 'reason', 'fileName', 'partnerName'],
    methods: ['search', 'get', 'create'],
  },
  {
    name: 'file-access-log',
    permission: 'AccessibleFile',
    sortable: ['id', 'fileId', 'fileName', 'kind', 'userId', 'userName', 'partnerId', 'partnerName', 'grantId', 'address', 'client', 'at'],
    unsortable: [],
    searchFields: ['fileName'],
    methods: ['search', 'export'],
  },
];

const byName = new Map(apiResources.map((resource) => [resource.name, resource]));

/** The API resource of a name, when it is one. */
export const apiResourceOf = (name: string): ApiResource | undefined => byName.get(name);

/** Whether a name is an API resource's (a react-admin name that is one always means it). */
export const isApiResourceName = (name: string) => byName.has(name);

/** The HTTP routes (e.g. "PATCH /files/:id") a resource serves, under /api/v1 or /api. */
export const routesOf = (resource: ApiResource) => resource.methods.map((method) => routeOfMethod(resource.name, method));

/** One method's route of a resource, e.g. "GET /files/export". */
export function routeOfMethod(name: string, method: ApiMethod) {
  const { verb, below } = API_METHOD_ROUTES[method];
  return `${verb} /${name}${below}`;
}
