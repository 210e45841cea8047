/** Single sign-on through an organisation's identity provider (issue 37): the server's answers. */
export default {
  sso: {
    saved: 'The sign-in settings were saved',
    roleNotGivable: 'This role cannot be given through single sign-on',
    domainPublic: "A public mail provider's domain cannot be claimed",
    domainTaken: 'This domain is already claimed',
    emailInvalid: 'Your identity provider did not give a usable email address',
    domainNotVerified: "Your email's domain is not verified for this organisation's sign-in",
    otherOrganisation: 'An account with this email belongs to another organisation: ask the portal staff for help',
    accountInactive: 'Your account is deactivated: ask your administrator',
    codeInvalid: 'This sign-in link has expired or was already used: sign in again',
    providerUnknown: 'This sign-in provider is not available',
    required: 'Your organisation signs in with its own identity provider: continue with it',
    refused: 'Your identity provider did not confirm the sign-in: try again',
    signIn: {
      subtitle: 'Enter your email to continue with your organisation.',
      continueWith: 'Continue with %{name}',
      offered: 'Your organisation signs you in with %{name}. You may still use your password below.',
      requiredNotice: 'Your organisation signs its people in with %{name}: continue with it to sign in.',
    },
    complete: {
      signingIn: 'Finishing your sign-in…',
      failedTitle: 'The sign-in did not finish',
      failed: 'The sign-in could not be finished: sign in again',
      secondFactorTitle: 'One more step',
    },
  },
};
