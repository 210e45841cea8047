import { foldForSearch } from '../../../contract/fold';

type SearchedFields = 'name' | 'email' | 'phone' | 'type' | 'address' | 'website' | 'contactPhone';

/** What a partner's keyword search reads: its fields folded (case and diacritics ignored), in one text. */
export const partnerSearchText = (p: { [K in SearchedFields]?: string | null }) =>
  foldForSearch([p.name, p.email, p.phone, p.contactPhone, p.type, p.address, p.website].filter(Boolean).join(' '));

/** The derived search columns of a partner row, as every write of one (the API, the seeds) stores them. */
export const partnerSearchColumns = (p: { [K in SearchedFields]?: string | null } & { name: string }) => ({
  searchText: partnerSearchText(p),
  nameFolded: foldForSearch(p.name),
});
