import { ACTIONS, ALL_PERMISSIONS, permission, type Action, type Permission, type Resource } from './permissions';
import { declaredResources } from './resources';
import type { SeededRoleName } from './resources/declaration';

export const ROLE_NAMES = { admin: 'Admin', support: 'Support', partnerAdmin: 'PartnerAdmin', partner: 'Partner' } as const;

function grant(resource: Resource, actions: readonly Action[]): Permission[] {
  return actions.map((a) => permission(resource, a));
}

const READ = ['View', 'Search'] as const;
const CRUD = ['View', 'Search', 'Create', 'Update', 'Delete'] as const;

/** What every user of a partner does with their own partner's tickets, forms and files. */
const OWN_PARTNER_WORK: Permission[] = [
  ...grant('Tickets', ['View', 'Search', 'Create', 'Update']),
  ...grant('TicketConversations', ['View', 'Search', 'Create']),
  ...grant('PartnerForm', ['View', 'Search', 'Update']),
  ...grant('Forms', READ),
  ...grant('FormSections', ['View', 'Update']),
  ...grant('AccessibleFile', ['View']),
  ...grant('FileAccessRequest', ['View', 'Search', 'Create']),
  ...grant('Dashboard', ['View']),
  // Issue 25: a partner rates its resolved ticket.
  ...grant('TicketRatings', ['Create']),
];

/** What the declared resources grant a seeded role (contract/resources/). */
const declaredGrants = (role: SeededRoleName): Permission[] => declaredResources.flatMap((d) => grant(d.permission, d.grants?.[role] ?? []));

/** The seeded roles of DESIGN.md with their priority (smaller ranks higher) and permissions. */
export const SEEDED_ROLES: { name: string; description: string; priority: number; permissions: Permission[]; requireSecondFactor?: boolean }[] = [
  { name: ROLE_NAMES.admin, description: 'Full access', priority: 1, permissions: [...ALL_PERMISSIONS], requireSecondFactor: true },
  {
    name: ROLE_NAMES.support,
    description: 'Support staff: tickets of every partner, partner data read, file access',
    priority: 10,
    // Staff read every partner's data: a stolen password alone must not be enough.
    requireSecondFactor: true,
    permissions: [
      ...grant('Tickets', [...CRUD, 'AdminView', 'AdminUpdate', 'Export']),
      ...grant('TicketConversations', CRUD),
      ...grant('Partners', [...READ, 'AdminView', 'Export']),
      ...grant('PartnerForm', [...READ, 'AdminView']),
      ...grant('Forms', READ),
      ...grant('AccessibleFile', [...CRUD, 'AdminView']),
      ...grant('FileAccessRequest', [...CRUD, 'AdminView', 'AdminUpdate']),
      ...grant('Dashboard', ['View']),
      ...grant('ServiceLevels', ['View']),
      ...grant('TicketNotes', ['View', 'Create']),
      ...grant('CannedResponses', [...CRUD, 'Configure']),
      ...grant('TicketAssignments', ['View', 'Update']),
      ...grant('TicketMerges', ['Create']),
      ...grant('TicketRatings', ['View']),
      ...grant('HelpArticles', ['View', 'Search', 'Create', 'Update']),
      ...declaredGrants('Support'),
    ],
  },
  {
    name: ROLE_NAMES.partnerAdmin,
    description: "Partner administrator: own partner's users, tickets, forms and files",
    priority: 50,
    permissions: [
      ...grant('PartnerUsers', CRUD),
      ...OWN_PARTNER_WORK,
      // Issue 37: the partner's own sign-in settings and provisioning tokens.
      ...grant('IdentityProviders', ['View', 'Update']),
      ...grant('ScimTokens', ['View', 'Create', 'Delete']),
      ...declaredGrants('PartnerAdmin'),
    ],
  },
  {
    name: ROLE_NAMES.partner,
    description: 'Partner user: own tickets, forms and files',
    priority: 60,
    permissions: [...OWN_PARTNER_WORK, ...declaredGrants('Partner')],
  },
];

export { ACTIONS };
