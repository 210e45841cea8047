/** The demo partners of DESIGN.md (SEED=demo). */
export const DEMO_PARTNERS = [
  {
    name: 'Acme Logistics',
    email: 'contact@acme.example',
    type: 'Logistics',
    address: '12 Harbour Road, Hai Phong',
    phone: '+84 225 555 0101',
    website: 'https://acme.example',
    contactPhone: '+84 912 555 010',
  },
  {
    name: 'Globex Trading',
    email: 'hello@globex.example',
    type: 'Trading',
    address: '88 Nguyễn Huệ, Quận 1, Hồ Chí Minh',
    phone: '+84 28 555 0202',
    website: 'https://globex.example',
    contactPhone: '+84 913 555 020',
  },
  {
    name: 'Công ty Đông Dương',
    email: 'lienhe@dongduong.example',
    type: 'Manufacturing',
    address: '5 Đường Láng, Đống Đa, Hà Nội',
    phone: '+84 24 555 0303',
    website: 'https://dongduong.example',
    contactPhone: null,
  },
  {
    name: 'Initech Software',
    email: 'office@initech.example',
    type: 'Software',
    address: '400 Lê Lợi, Đà Nẵng',
    phone: '+84 236 555 0404',
    website: null,
    contactPhone: null,
  },
] as const;
