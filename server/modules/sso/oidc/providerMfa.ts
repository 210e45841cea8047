/** The factor kind of each `amr` method of RFC 8176 (and Entra ID's `fido`); `user`, `geo`, `wia`, `rba` are none. */
const AMR_KINDS = new Map<string, 'knowledge' | 'possession' | 'inherence'>(
  Object.entries({
    pwd: 'knowledge',
    pin: 'knowledge',
    kba: 'knowledge',
    otp: 'possession',
    hwk: 'possession',
    swk: 'possession',
    sms: 'possession',
    tel: 'possession',
    sc: 'possession',
    pop: 'possession',
    fido: 'possession',
    fpt: 'inherence',
    face: 'inherence',
    iris: 'inherence',
    retina: 'inherence',
    vbm: 'inherence',
  } as const),
);

/** `acr` values that name a multi-factor level: REFEDS, OpenID PAPE, Okta, NIST's AAL2/AAL3 as login.gov publishes them. */
const MULTI_FACTOR_ACR = new Set([
  'https://refeds.org/profile/mfa',
  'http://schemas.openid.net/pape/policies/2007/06/multi-factor',
  'http://schemas.openid.net/pape/policies/2007/06/multi-factor-physical',
  'urn:okta:loa:2fa:any',
  'phr',
  'phrh',
  'http://idmanagement.gov/ns/assurance/aal/2',
  'http://idmanagement.gov/ns/assurance/aal/3',
]);

/**
 * Whether an id_token vouches for the provider's own multi-factor check (issue 37, item 4): `amr` (RFC 8176) names
 * `mfa`, or methods of two different factor kinds (something known, held, or been); or `acr` names a multi-factor
 * level of a published profile. An `otp`, `hwk` or `sms` alone is one factor (a passwordless one-time code) and
 * does not count.
 */
export function providerMfaOf(claims: { amr?: unknown; acr?: unknown }): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((method): method is string => typeof method === 'string') : [];
  if (amr.includes('mfa')) return true;
  const kinds = new Set(amr.map((method) => AMR_KINDS.get(method)).filter(Boolean));
  if (kinds.size >= 2) return true;
  return typeof claims.acr === 'string' && MULTI_FACTOR_ACR.has(claims.acr);
}
