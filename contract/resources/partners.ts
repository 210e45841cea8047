import { defineResource, type DtoOf } from './declaration';
import { fields } from './fields';
import { none } from './scopes';

/** Partner organisations (specification sections 3, 5 and 7): staff search, add, edit, delete (soft) and export them. */
export const partnersDeclaration = defineResource({
  name: 'partners',
  table: 'partners',
  permission: 'Partners',
  scope: none(),
  fields: {
    name: fields.text(255, { required: true, search: true, filter: true, folded: true, card: 'title' }),
    email: fields.email({ required: true, search: true, card: 'fact' }),
    type: fields.text(50, { required: true, search: true, hideOnMobile: true, card: 'fact' }),
    address: fields.text(500, { required: true, search: true, multiline: true, hideOnMobile: true }),
    phone: fields.phone({ required: true, search: true, filter: true, card: 'fact' }),
    website: fields.url({ search: true, wide: true, list: false }),
    contactPhone: fields.phone({ search: true, list: false }),
    countryId: fields.reference('countries', { filter: true, hideOnMobile: true, export: false }),
  },
  formOrder: ['name', 'email', 'type', 'phone', 'contactPhone', 'address', 'website', 'countryId'],
  defaultSort: 'name asc',
  titleField: 'name',
  softDelete: true,
  labels: { prefix: 'admin.partners', title: 'app.nav.partners', empty: 'admin.empty.partners' },
  screen: { icon: 'business', navigation: { area: 'files-and-partners', position: 20 }, staffOnly: true },
});

export type PartnerDto = DtoOf<typeof partnersDeclaration>;
