import type { FieldDeclaration } from './fields';

/** How the server computes a read-only field: the rows of `resource` whose `field` names this row (live ones). */
export interface CountOfReferrers {
  resource: string;
  field: string;
}

/**
 * A read-only field of a declared resource computed in SQL when a row is read (a `select` extra): the DTO shows
 * it, the list and the API sort by it (unless `sort: false`) and filter by it where `filter` says so; a write
 * never takes it (an input naming it is ignored, as `id` or `createdAt` are).
 */
export type ComputedDeclaration = FieldDeclaration<number, true> & { type: 'integer'; counts: CountOfReferrers };

type ComputedOptions = Pick<FieldDeclaration, 'sort' | 'filter' | 'export' | 'list' | 'card' | 'hideOnMobile'>;

/** The computed-field builders of a declaration: `partnerCount: computed.count('partners', 'countryId')`. */
export const computed = {
  /** How many live rows of `resource` name this row in their reference field `field`. */
  count: <const O extends ComputedOptions>(resource: string, field: string, options: O = {} as O): ComputedDeclaration & O => ({
    ...options,
    type: 'integer',
    required: true,
    min: 0,
    counts: { resource, field },
  }),
};
