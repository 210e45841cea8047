import type { Action } from '../permissions';

/**
 * Whose rows a reader of a declared resource reaches, named by the declaration (`scope: ownPartner()`). The
 * server makes each strategy's rules (its reads' filter, what a write stores, what it refuses, who hears a change)
 * in one function, server/core/declared/scopes.ts.
 */
export type ResourceScope = NoScope | OwnPartnerScope | OwnUserScope | SharedOrOwnScope;

/** No partner or personal data: every holder of the permission reads every row. */
export interface NoScope {
  kind: 'none';
}

/**
 * Rows of one partner (a `partnerId` field referring to partners): a partner's users reach only their partner's,
 * and every write of theirs lands on it; staff reach every partner's with the resource's AdminView, none without.
 */
export interface OwnPartnerScope {
  kind: 'ownPartner';
  field: 'partnerId';
}

/** Each user's own rows: the owner column (answered, never written by a client) holds who made the row. */
export interface OwnUserScope<O extends string = string> {
  kind: 'ownUser';
  owner: O;
}

/**
 * Staff's rows, each shared (every reader's) or one user's own: another's own answers 404. A shared row's owner is
 * empty; making, changing or deleting a shared one needs the `manageShared` action (else 403 with `refusal`). A
 * partner's users reach none, whatever they hold.
 */
export interface SharedOrOwnScope<O extends string = string, S extends string = string> {
  kind: 'sharedOrOwn';
  owner: O;
  /** A declared boolean field: the row is every reader's. */
  shared: S;
  manageShared: Action;
  /** The i18n key of the 403 refusing a shared row's write without `manageShared`. */
  refusal: string;
}

export const none = (): NoScope => ({ kind: 'none' });
export const ownPartner = (): OwnPartnerScope => ({ kind: 'ownPartner', field: 'partnerId' });
/** `ownUser('createdBy')`: the rows of the user who made them, in a column `created_by`. */
export const ownUser = <const O extends string>(owner: O): OwnUserScope<O> => ({ kind: 'ownUser', owner });
export const sharedOrOwn = <const O extends string, const S extends string>(options: Omit<SharedOrOwnScope<O, S>, 'kind'>): SharedOrOwnScope<O, S> => ({
  kind: 'sharedOrOwn',
  ...options,
});

/** The owner column a scope adds to the rows (answered in the DTO, never an input), if any. */
export const ownerFieldOf = (scope: ResourceScope) => (scope.kind === 'ownUser' || scope.kind === 'sharedOrOwn' ? scope.owner : undefined);

/** The field the server fills for a partner's user (they do not choose it; staff must). */
export const partnerFieldOf = (scope: ResourceScope) => (scope.kind === 'ownPartner' ? scope.field : undefined);

/** The staff-side actions a scope checks besides the everyday ones (the role editor's columns). */
export const scopeActionsOf = (scope: ResourceScope): Action[] =>
  scope.kind === 'ownPartner' ? ['AdminView'] : scope.kind === 'sharedOrOwn' ? [scope.manageShared] : [];
