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
  exp: number;
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
