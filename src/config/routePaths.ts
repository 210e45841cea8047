/** Paths the app links to from more than one place. Screen routes are declared with their screen (src/resources/<resource>/index.ts). */
export const routePaths = {
  home: '/',
  signIn: '/sign-in',
  forgotPassword: '/forgot-password',
  activate: '/active',
  notFound: '/404',
  accessDenied: '/access-denied',
  profile: '/profile',
  settings: '/settings',
  /** The second factor's setup that a role requires, shown before anything else. */
  secondFactorSetup: '/second-factor-setup',
} as const;

/** Pages of the sign-in layout: only signed-out users see them. */
export const authPaths = [routePaths.signIn, routePaths.forgotPassword, routePaths.activate] as const;

export const supportEmail = 'support@example.com';
