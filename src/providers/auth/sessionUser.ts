import type { AccessTokenClaims } from '../../../contract/tokens';

/** Who is signed in, as the access token says (specification section 3, "Session user info"). */
export interface SessionUser {
  id: string;
  fullName: string;
  email: string;
  role: string;
  partnerId: string | null;
  phone: string | null;
  /** The picture's address, when the user has one. */
  avatar?: string;
  /** Shown instead of the picture when there is none: the first letter of the name. */
  initial: string;
}

export function toSessionUser(claims: AccessTokenClaims): SessionUser {
  const fullName = claims.fullName?.trim() || claims.email;
  return {
    id: claims.sub,
    fullName,
    email: claims.email,
    role: claims.role,
    partnerId: claims.partnerId ?? null,
    phone: claims.phone ?? null,
    avatar: claims.avatar || undefined,
    initial: (fullName.charAt(0) || '?').toUpperCase(),
  };
}
