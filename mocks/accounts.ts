import type { AccessTokenClaims } from '../contract/tokens';
import type { UserDto } from '../contract/users';
import { ROLE_NAMES, SEEDED_ROLES } from '../contract/roles';

/** Two demo accounts of DESIGN.md, enough for the browser tests: staff and a partner user. */
export const DEMO_PASSWORD = 'Portal@123';

type Claims = Omit<AccessTokenClaims, 'exp'>;

export const adminClaims: Claims = {
  sub: '00000000-0000-4000-8000-000000000001',
  fullName: 'Ada Admin',
  email: 'admin@example.com',
  role: ROLE_NAMES.admin,
  partnerId: null,
  phone: null,
  avatar: null,
};

export const partnerClaims: Claims = {
  sub: '00000000-0000-4000-8000-000000000005',
  fullName: 'Pham Partner',
  email: 'partner@acme.example',
  role: ROLE_NAMES.partner,
  partnerId: '00000000-0000-4000-9000-000000000001',
  phone: '+84 90 000 0005',
  avatar: 'https://example.com/avatars/partner.png',
};

export const accounts = [adminClaims, partnerClaims];

export function permissionsOfRole(role: string): string[] {
  return SEEDED_ROLES.find((r) => r.name === role)?.permissions ?? [];
}

export function profileOf(claims: Claims): UserDto {
  const [firstName, ...rest] = claims.fullName.split(' ');
  return {
    id: claims.sub,
    fullName: claims.fullName,
    firstName,
    lastName: rest.join(' '),
    userName: claims.email,
    email: claims.email,
    phoneNumber: claims.phone,
    partnerId: claims.partnerId,
    partnerName: claims.partnerId ? 'Acme Logistics' : null,
    roleId: null,
    role: claims.role,
    isActive: true,
    emailConfirmed: true,
    organization: null,
    imageUrl: claims.avatar,
    createdAt: '2025-01-01T00:00:00.000Z',
    heldUntil: null,
    mailBouncedAt: null,
  };
}
