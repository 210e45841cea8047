import { defineResource, type DtoOf } from './declaration';
import { fields } from './fields';
import { ownPartner } from './scopes';

export const CONTACT_ROLES = ['Primary', 'Billing', 'Technical', 'Legal', 'Other'] as const;

/** The people staff talk to at a partner: a partner admin keeps their own partner's; staff see every partner's. */
export const partnerContactsDeclaration = defineResource({
  name: 'partner-contacts',
  table: 'partner_contacts',
  permission: 'PartnerContacts',
  scope: ownPartner(),
  fields: {
    name: fields.text(255, { required: true, search: true, card: 'title' }),
    email: fields.email({ required: true, search: true, card: 'fact' }),
    phone: fields.phone({ search: true, card: 'fact' }),
    role: fields.enum(CONTACT_ROLES, { required: true, filter: true, card: 'fact' }),
    partnerId: fields.reference('partners', { required: true, filter: true }),
  },
  defaultSort: 'name asc',
  titleField: 'name',
  labels: { prefix: 'resources.partner-contacts' },
  grants: {
    Support: ['View', 'Search', 'AdminView', 'Export'],
    PartnerAdmin: ['View', 'Search', 'Create', 'Update', 'Delete', 'Export'],
    Partner: ['View', 'Search'],
  },
  screen: { icon: 'contacts', navigation: { area: 'files-and-partners', position: 25 } },
});

export type PartnerContactDto = DtoOf<typeof partnerContactsDeclaration>;
