/** Signing in through an OpenID Connect provider (issue 37): why the provider's answer was refused. Top-level key: `ssoOidc` only. */
export default {
  ssoOidc: {
    notConfigured: "This organisation's OpenID Connect sign-in is not fully set up (issuer or client id missing): ask the portal staff",
    providerUnreachable: 'Your identity provider could not be reached: try again in a moment',
    flowInvalid: 'This sign-in has expired or was already used: start again from the sign-in page',
    providerRefused: 'Your identity provider did not sign you in (cancelled, or not allowed for this portal)',
    answerRefused: "Your identity provider's answer could not be verified: start again, and ask your administrator if it keeps happening",
    emailMissing: 'Your identity provider did not give an email address: ask your administrator to release the email claim',
    emailUnverified: 'Your identity provider says your email address is not verified',
  },
};
