import { API_BASE, API_V1 } from '../../contract/http';

/** Every path the browser calls, in one place (DESIGN.md "The API contract"). */
export const apiPaths = {
  token: `${API_BASE}/token`,
  refreshToken: `${API_BASE}/token/refresh`,
  ssoToken: `${API_BASE}/token/sso`,
  ssoDiscover: `${API_BASE}/sso/discover`,
  revokeToken: `${API_BASE}/token/revoke`,
  permissions: `${API_BASE}/users/permissions`,
  profile: `${API_BASE}/users/profile`,
  changePassword: `${API_BASE}/users/change-password`,
  forgotPassword: `${API_BASE}/users/forgot-password`,
  resetPassword: `${API_BASE}/users/reset-password`,
  verifyResetToken: `${API_BASE}/users/verify-token/forgot-password`,
  verifyActivationToken: `${API_BASE}/users/verify-token/email-active`,
  confirmMail: `${API_BASE}/users/confirm-mail`,
  resendActivation: `${API_BASE}/users/resend-activation`,
  resource: (resource: string) => `${API_V1}/${resource}`,
  resourceSearch: (resource: string) => `${API_V1}/${resource}/search`,
  resourceItem: (resource: string, id: string | number) => `${API_V1}/${resource}/${encodeURIComponent(String(id))}`,
};
