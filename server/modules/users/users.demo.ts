/** The demo accounts of DESIGN.md (SEED=demo): every one signs in with this password. */
export const DEMO_PASSWORD = 'Portal@123';

/** Each with its role and partner, by name. */
export const DEMO_USERS = [
  { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', role: 'Admin', partner: null },
  { email: 'support@example.com', firstName: 'Sam', lastName: 'Support', role: 'Support', partner: null },
  { email: 'partner.admin@acme.example', firstName: 'Alice', lastName: 'Nguyễn', role: 'PartnerAdmin', partner: 'Acme Logistics' },
  { email: 'partner@acme.example', firstName: 'Bình', lastName: 'Trần', role: 'Partner', partner: 'Acme Logistics' },
  { email: 'partner@globex.example', firstName: 'Gina', lastName: 'Lê', role: 'Partner', partner: 'Globex Trading' },
] as const;
