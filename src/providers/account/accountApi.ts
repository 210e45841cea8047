import type { UserDto } from '../../../contract/users';
import { apiPaths } from '../../config/apiPaths';
import { apiRequest } from '../http/httpClient';

/** Account calls outside react-admin's resources: password recovery, activation and the own profile. */
const anonymous = { method: 'POST', authenticated: false, notify: false } as const;

export const accountApi = {
  requestPasswordReset: (email: string) => apiRequest(apiPaths.forgotPassword, { ...anonymous, body: { email } }),

  verifyResetToken: (email: string, token: string) => apiRequest(apiPaths.verifyResetToken, { ...anonymous, body: { email, token } }),

  resetPassword: (input: { email: string; password: string; token: string }) => apiRequest(apiPaths.resetPassword, { ...anonymous, body: input }),

  verifyActivationToken: (email: string, code: string) => apiRequest(apiPaths.verifyActivationToken, { ...anonymous, body: { email, token: code } }),

  confirmMail: (input: { email: string; password: string; code: string }) =>
    apiRequest(apiPaths.confirmMail, {
      ...anonymous,
      body: { email: input.email, password: input.password, token: input.code },
    }),

  requestActivationLink: (email: string) => apiRequest(apiPaths.resendActivation, { ...anonymous, body: { email } }),

  getProfile: (signal?: AbortSignal) => apiRequest<UserDto>(apiPaths.profile, { signal }).then(({ data }) => data),

  updateProfile: (input: ProfileUpdate) => apiRequest<UserDto | null>(apiPaths.profile, { method: 'PUT', body: input }),

  changePassword: (input: { password: string; newPassword: string; confirmNewPassword: string }) =>
    apiRequest(apiPaths.changePassword, { method: 'POST', body: input }),
};

export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  phoneNumber?: string | null;
  image?: { name: string; extension: string; data: string };
  deleteCurrentImage?: boolean;
}
