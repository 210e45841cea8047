import { defineResource, type DtoOf } from './declaration';
import { computed } from './computed';
import { fields } from './fields';
import { none } from './scopes';

export const COUNTRY_REGIONS = ['Asia', 'Europe', 'Americas', 'Africa', 'Oceania'] as const;

/** Countries a partner names as its home: staff keep the list; a country partners name cannot be deleted. */
export const countriesDeclaration = defineResource({
  name: 'countries',
  table: 'countries',
  permission: 'Countries',
  scope: none(),
  fields: {
    code: fields.text(2, { required: true, unique: { message: 'resources.countries.codeTaken' }, search: true, card: 'fact' }),
    name: fields.text(100, { required: true, search: true, filter: true, folded: true, card: 'title' }),
    region: fields.enum(COUNTRY_REGIONS, { required: true, filter: true, card: 'fact' }),
  },
  computed: { partnerCount: computed.count('partners', 'countryId', { filter: true, card: 'fact' }) },
  defaultSort: 'name asc',
  titleField: 'name',
  labels: { prefix: 'resources.countries' },
  grants: { Support: ['View', 'Search', 'Export'] },
  screen: { icon: 'public', navigation: { area: 'files-and-partners', position: 30 } },
});

export type CountryDto = DtoOf<typeof countriesDeclaration>;
