import { defineResource } from './declaration';
import { fields } from './fields';
import { ownPartner } from './scopes';

/**
 * Partner users (specification sections 2 and 3): a partner admin invites, edits, deactivates and deletes the
 * users of their own partner; staff with AdminView those of every partner. The rows are the users module's
 * (`tableOwner`), so the partner users module serves them with the users' rules (server/modules/partnerUsers):
 * an invitation mails an activation link, ranks and the last Admin are guarded, a status is toggled. Its answer
 * is a UserDto (contract/users.ts), which adds the computed name, partner name and role to these fields.
 * These fields' limits are the users' inputs' too (contract/schemas/accounts.ts).
 */
export const partnerUsersDeclaration = defineResource({
  name: 'partner-users',
  table: 'users',
  tableOwner: 'users',
  permission: 'PartnerUsers',
  scope: ownPartner(),
  fields: {
    firstName: fields.text(100, { required: true, search: true, card: 'title' }),
    lastName: fields.text(100, { required: true, search: true, list: false }),
    email: fields.email({ required: true, search: true, list: false }),
    userName: fields.text(100, { search: true, list: false }),
    phoneNumber: fields.phone({ hideOnMobile: true, card: 'fact' }),
    organization: fields.text(255, { list: false }),
    partnerId: fields.reference('partners', { filter: true, hideOnMobile: true, card: 'fact' }),
    isActive: fields.boolean({ filter: true }),
  },
  // Users are not exported (no `GET /partner-users/export`).
  actions: ['View', 'Search', 'Create', 'Update', 'Delete'],
  defaultSort: 'createdAt desc',
  titleField: 'email',
  labels: { prefix: 'admin.partnerUsers', empty: 'admin.empty.users' },
  screen: { path: 'partner/users', icon: 'people', navigation: { area: 'start', position: 10 } },
});
