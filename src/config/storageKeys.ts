/** localStorage keys (specification section 9: language, access token and permissions; plus the theme). */
export const storageKeys = {
  language: 'portal.language',
  credentials: 'portal.credentials',
  permissions: 'portal.permissions',
  themeMode: 'portal.themeMode',
  /** sessionStorage: the impersonator's own session, kept aside in this tab while impersonating (issue 26). */
  impersonation: 'portal.impersonation',
  /** sessionStorage: why the session was ended for this tab, for the sign-in page to say once. */
  signOutReason: 'portal.signOutReason',
} as const;
