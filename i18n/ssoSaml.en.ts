/**
 * SAML sign-in (issue 37): why an identity provider's answer was refused, shown on the sign-in page the ACS sends
 * the person back to. Part of the sign-in pages' light catalogue.
 */
export default {
  ssoSaml: {
    providerIncomplete: "Your organisation's single sign-on is not fully set up: ask your administrator",
    flowExpired: 'This sign-in took too long or was already used: start again',
    expired: "Your organisation's sign-in answer has expired: start again (and check your computer's clock if this happens again)",
    replayed: 'This sign-in answer was already used: start again',
    responseRefused: "Your organisation's sign-in answer could not be trusted: start again, or ask your administrator to check the SAML settings",
    idpRefused: 'Your organisation did not sign you in: start again, or ask your administrator',
    noEmail: "Your organisation's sign-in did not say your email address: ask your administrator to send it (NameID or the mail attribute)",
  },
};
