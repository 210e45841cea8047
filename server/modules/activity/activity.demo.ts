/** What staff did in the demo's recent past that left no row of its own: only the audit trail tells it. */
export const DEMO_STAFF_ACTIONS = {
  actor: 'admin@example.com',
  /** Initech joined a day ago. */
  partnerCreated: { partnerName: 'Initech Software', hoursAgo: 26 },
  /** Globex's contact phone was corrected this morning: its number before. */
  partnerUpdated: { partnerName: 'Globex Trading', hoursAgo: 2, contactPhoneBefore: '+84 913 555 000' },
  /** Alice was made her partner's administrator: her roles before and after. */
  rolesChanged: { email: 'partner.admin@acme.example', hoursAgo: 5, before: ['Partner'], after: ['PartnerAdmin'] },
} as const;
