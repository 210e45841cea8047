/** Everything a search needs in one place: keywords, ids, the request, a page with its total, keyset batches. */
export {
  containsFolded,
  containsFoldedIn,
  contains,
  containsInAny,
  containsPattern,
  escapeLike,
  keywordOf,
  keywordWhere,
  type KeywordMatchers,
} from './keyword';
export { idsFilter, isUuid, rowIdOf } from './ids';
export { notAllowed, orderByOf, type SortColumns, searchOfExportQuery, sortColumnOf, validatePageQuery, validateSearch, withQueryNumbers } from './request';
export { countOf, offsetOf, pageOf, readPage, type PageInput, type TotalsCache } from './page';
export { EXPORT_BATCH, keysetBatches, keysetOrder, type Keyset } from './keyset';
