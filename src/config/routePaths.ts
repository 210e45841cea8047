import { routePaths } from '../../contract/routePaths';

export { routePaths };

/** Pages of the sign-in layout: only signed-out users see them. */
export const authPaths = [routePaths.signIn, routePaths.forgotPassword, routePaths.activate, routePaths.ssoComplete] as const;

export const supportEmail = 'support@example.com';
