/**
 * Paths the app links to from more than one place; the server names one too (it answers /sign-in with the
 * prerendered page). Screen routes are declared with their screen (src/resources/<resource>/index.ts).
 */
export const routePaths = {
  home: '/',
  signIn: '/sign-in',
  forgotPassword: '/forgot-password',
  activate: '/active',
  /** Where an identity provider's callback lands the browser (issue 37): the code for the session, or an error key. */
  ssoComplete: '/sso/complete',
  notFound: '/404',
  accessDenied: '/access-denied',
  profile: '/profile',
  settings: '/settings',
  /** The second factor's setup that a role requires, shown before anything else. */
  secondFactorSetup: '/second-factor-setup',
} as const;
