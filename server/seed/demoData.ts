/** The demo data of DESIGN.md: every demo account signs in with this password. */
export const DEMO_PASSWORD = 'Portal@123';

export const DEMO_PARTNERS = [
  { key: 'acme', name: 'Acme Logistics', email: 'contact@acme.example', type: 'Logistics', address: '12 Harbour Road, Hai Phong', phone: '+84 225 555 0101', website: 'https://acme.example', contactPhone: '+84 912 555 010' },
  { key: 'globex', name: 'Globex Trading', email: 'hello@globex.example', type: 'Trading', address: '88 Nguyễn Huệ, Quận 1, Hồ Chí Minh', phone: '+84 28 555 0202', website: 'https://globex.example', contactPhone: '+84 913 555 020' },
  { key: 'dong-duong', name: 'Công ty Đông Dương', email: 'lienhe@dongduong.example', type: 'Manufacturing', address: '5 Đường Láng, Đống Đa, Hà Nội', phone: '+84 24 555 0303', website: 'https://dongduong.example', contactPhone: null },
  { key: 'initech', name: 'Initech Software', email: 'office@initech.example', type: 'Software', address: '400 Lê Lợi, Đà Nẵng', phone: '+84 236 555 0404', website: null, contactPhone: null },
] as const;

export const DEMO_USERS = [
  { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', role: 'Admin', partner: null },
  { email: 'support@example.com', firstName: 'Sam', lastName: 'Support', role: 'Support', partner: null },
  { email: 'partner.admin@acme.example', firstName: 'Alice', lastName: 'Nguyễn', role: 'PartnerAdmin', partner: 'acme' },
  { email: 'partner@acme.example', firstName: 'Bình', lastName: 'Trần', role: 'Partner', partner: 'acme' },
  { email: 'partner@globex.example', firstName: 'Gina', lastName: 'Lê', role: 'Partner', partner: 'globex' },
] as const;
