import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { permission, type Resource } from '../../../contract/permissions';
import type { ResourceDeclaration } from '../../../contract/resources/declaration';
import type { OwnPartnerScope, OwnUserScope, SharedOrOwnScope } from '../../../contract/resources/scopes';
import { viewOrSearch, type HubAudience } from '../../hub/audience';
import type { CrudRow } from '../crud';
import { fieldError, forbidden } from '../errors';
import type { ResourceChanged } from '../events';
import type { Principal } from '../guard';
import { ownPartnerRows } from '../partnerIsolation';

type Input = Record<string, unknown>;
type Reader = Pick<Principal, 'id' | 'partnerId' | 'permissions'>;

/**
 * What a declared resource's scope (contract/resources/scopes.ts) does on the server; every read and write of the
 * declared CRUD routes, and the hub, ask it rather than the scope's kind.
 */
export interface ScopeRules {
  /** The rows a principal reaches (search, one, many, export, counts); a row outside answers 404. None: every row. */
  rows?(principal: Reader): SQL | undefined;
  /** What a create or an update stores besides the input: the owner, a partner's user's partner. */
  written(input: Input, principal: Reader): Input;
  /** Refuses (403, or 400 naming the field) a write the principal may not make of a row it reaches. */
  assertWrite(input: Input, existing: CrudRow | null, principal: Reader): void;
  assertDelete(existing: CrudRow, principal: Reader): void;
  /** Who hears a row's ResourceChanged: whoever may read it through the API. */
  audience(event: Pick<ResourceChanged, 'partnerId'>): HubAudience;
  /** The partner a row belongs to: its ResourceChanged carries it. */
  partnerIdOf?(row: CrudRow): string | null;
}

type Columns = () => Record<string, PgColumn>;
const resourceOf = (d: ResourceDeclaration) => d.permission as Resource;
const nothing = () => ({});
const allowed = () => undefined;

/** `none()`: every holder of the permission reads and writes every row. */
function noScopeRules(d: ResourceDeclaration): ScopeRules {
  return {
    written: nothing,
    assertWrite: allowed,
    assertDelete: allowed,
    audience: () => ({ scope: 'anyone', readers: viewOrSearch(resourceOf(d)) }),
  };
}

/** `ownPartner()`: partner isolation (server/core/partnerIsolation.ts), and a partner's user's writes land on their partner. */
function ownPartnerRules(d: ResourceDeclaration, { field }: OwnPartnerScope, columns: Columns): ScopeRules {
  const adminView = permission(resourceOf(d), 'AdminView');
  let rows: ((principal: Reader) => SQL | undefined) | undefined;
  return {
    rows: (principal) => (rows ??= ownPartnerRows(columns()[field], adminView))(principal),
    written: (_, principal) => (principal.partnerId ? { [field]: principal.partnerId } : {}),
    assertWrite(input, _, principal) {
      if (principal.partnerId) return;
      if (!principal.permissions.has(adminView)) throw forbidden();
      if (!input[field]) throw fieldError(field, 'validation.required');
    },
    assertDelete: allowed,
    audience: (event) => ({ scope: event.partnerId ? { partnerId: event.partnerId } : 'staff', readers: viewOrSearch(resourceOf(d), adminView) }),
    partnerIdOf: (row) => row[field] as string,
  };
}

/** `ownUser(owner)`: each user's own rows; another's answers 404. A change's id tells nothing, so its readers hear it. */
function ownUserRules(d: ResourceDeclaration, { owner }: OwnUserScope, columns: Columns): ScopeRules {
  return {
    rows: (principal) => eq(columns()[owner], principal.id),
    written: (_, principal) => ({ [owner]: principal.id }),
    assertWrite: allowed,
    assertDelete: allowed,
    audience: () => ({ scope: 'anyone', readers: viewOrSearch(resourceOf(d)) }),
  };
}

/**
 * `sharedOrOwn(...)`: staff's shared rows and the reader's own (another's own answers 404); a shared row has no
 * owner, and writing one, or making one shared, needs `manageShared`. A partner's users reach none and write none.
 */
function sharedOrOwnRules(d: ResourceDeclaration, { owner, shared, manageShared, refusal }: SharedOrOwnScope, columns: Columns): ScopeRules {
  const manage = permission(resourceOf(d), manageShared);
  const assertMay = (principal: Reader, ofShared: boolean) => {
    if (principal.partnerId) throw forbidden();
    if (ofShared && !principal.permissions.has(manage)) throw forbidden(refusal);
  };
  return {
    rows: (principal) => (principal.partnerId ? sql`false` : or(eq(columns()[shared], true), eq(columns()[owner], principal.id))),
    written: (input, principal) => ({ [owner]: input[shared] ? null : principal.id }),
    // Changing a shared one, or making one shared, is managing shared rows.
    assertWrite: (input, existing, principal) => assertMay(principal, !!input[shared] || existing?.[shared] === true),
    assertDelete: (existing, principal) => assertMay(principal, existing[shared] === true),
    // A personal row's id tells nothing, and its reads are scoped: staff who may read the resource hear it.
    audience: () => ({ scope: 'staff', readers: viewOrSearch(resourceOf(d)) }),
  };
}

/** The rules of a declared resource's scope; `columns` gives its table's columns when a query first needs them. */
export function scopeRulesOf(d: ResourceDeclaration, columns: Columns): ScopeRules {
  const { scope } = d;
  switch (scope.kind) {
    case 'none':
      return noScopeRules(d);
    case 'ownPartner':
      return ownPartnerRules(d, scope, columns);
    case 'ownUser':
      return ownUserRules(d, scope, columns);
    case 'sharedOrOwn':
      return sharedOrOwnRules(d, scope, columns);
  }
}
