/** Claims of the access token (DESIGN.md "Tokens"). Permissions are fetched, not carried. */
export interface AccessTokenClaims {
  sub: string;
  /** The sign-in (refresh token family) the token belongs to: changing the password keeps this one. */
  sid?: string;
  fullName: string;
  email: string;
  role: string;
  partnerId: string | null;
  phone: string | null;
  avatar: string | null;
  /** Present while impersonating: who is acting on this user's behalf (RFC 8693's actor claim). */
  act?: ImpersonatorClaim;
  /** `['mfa']` when the sign-in's identity provider vouched for its own multi-factor check (issue 37, RFC 8176). */
  amr?: string[];
  /** The identity provider the sign-in came through (issue 37): signing out asks the server where to sign out there too. */
  idp?: string;
  exp: number;
}

/** The impersonator an impersonated sign-in's access tokens name. */
export interface ImpersonatorClaim {
  sub: string;
  fullName: string;
}

export interface TokenResponse {
  token: string;
  refreshToken: string;
  refreshTokenExpiryTime: string;
}

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;
export const RESET_TOKEN_SECONDS = 60 * 60;
export const ACTIVATION_TOKEN_SECONDS = 7 * 24 * 60 * 60;
