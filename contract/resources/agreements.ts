import { AGREEMENT_NAME_MAX } from '../agreements';
import { defineResource, type DtoOf } from './declaration';
import { fields } from './fields';
import { none } from './scopes';

/**
 * Agreements (issue 40, item 6): the documents partners' users accept, named in English and Vietnamese. Their
 * versions and acceptances are the agreements module's (server/modules/agreements/); once a version is published an
 * agreement is not deleted (409), since its acceptances are evidence.
 */
export const agreementsDeclaration = defineResource({
  name: 'agreements',
  table: 'agreements',
  permission: 'Agreements',
  scope: none(),
  fields: {
    nameEn: fields.text(AGREEMENT_NAME_MAX, { required: true, search: true, card: 'title' }),
    nameVi: fields.text(AGREEMENT_NAME_MAX, { required: true, search: true, card: 'fact' }),
  },
  defaultSort: 'nameEn asc',
  titleField: 'nameEn',
  labels: { prefix: 'resources.agreements' },
  grants: { Support: ['View', 'Search', 'AdminView'] },
  screen: { navigation: { area: 'administration', position: 70 } },
});

export type AgreementRecord = DtoOf<typeof agreementsDeclaration>;
