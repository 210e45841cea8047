import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as samlify from 'samlify';
import * as xmllint from '@authenio/samlify-node-xmllint';

samlify.setSchemaValidator(xmllint);

/** xmllint's first check compiles its schemas (seconds on a loaded machine): once per file, in the IdP's start. */
let schemasReady: Promise<unknown> | undefined;
const prepareSchemas = () => (schemasReady ??= xmllint.validate('<warm-up/>').catch(() => undefined));

export const NAME_ID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
export const NAME_ID_PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
export const PASSWORD_CLASS = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';
export const ENTRA_MFA_CLASS = 'http://schemas.microsoft.com/claims/multipleauthn';

export interface SigningKey {
  privateKey: string;
  certificate: string;
}

/** A key and its self-signed certificate, made by openssl for this run (nothing secret is committed). */
export function makeSigningKey(name = 'Test IdP'): SigningKey {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-saml-key-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2', '-subj', `/CN=${name}`, '-keyout', keyFile, '-out', certFile],
      {
        stdio: 'ignore',
      },
    );
    return { privateKey: fs.readFileSync(keyFile, 'utf8'), certificate: fs.readFileSync(certFile, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What the IdP says about the person and how it shapes its answer; every field has a sound default. */
export interface AnswerOptions {
  email?: string;
  nameId?: string;
  nameIdFormat?: string;
  attributes?: Record<string, string[]>;
  authnContextClassRef?: string;
  /** Which part carries the signature: the assertion (as our metadata asks), or the Response only. */
  sign?: 'assertion' | 'response';
  /** Template values to replace (Audience, SubjectRecipient, Destination, InResponseTo, the NotOnOrAfter times, AssertionID…). */
  tags?: Record<string, string | null>;
  /** Sign with this key instead of the IdP's own. */
  signingKey?: SigningKey;
}

const xmlEscape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function attributeStatement(attributes: Record<string, string[]>): string {
  const entries = Object.entries(attributes);
  if (!entries.length) return '';
  const body = entries
    .map(
      ([name, values]) =>
        `<saml:Attribute Name="${xmlEscape(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values
          .map((value) => `<saml:AttributeValue xsi:type="xs:string">${xmlEscape(value)}</saml:AttributeValue>`)
          .join('')}</saml:Attribute>`,
    )
    .join('');
  return `<saml:AttributeStatement>${body}</saml:AttributeStatement>`;
}

/**
 * A SAML identity provider run by the test: samlify reads the portal's AuthnRequest (HTTP-Redirect, as a browser
 * brings it) and builds and signs the Response a real IdP would post back, from the portal's own SP metadata.
 */
export async function createSamlIdentityProvider(options: { entityId?: string; ssoUrl?: string; key?: SigningKey } = {}) {
  await prepareSchemas();
  const key = options.key ?? makeSigningKey();
  const entityId = options.entityId ?? `https://idp.example/${crypto.randomUUID()}`;
  const ssoUrl = options.ssoUrl ?? `${entityId}/sso`;
  const idpFor = (signingKey: SigningKey) =>
    samlify.IdentityProvider({
      entityID: entityId,
      privateKey: signingKey.privateKey,
      signingCert: signingKey.certificate,
      requestSignatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      nameIDFormat: [NAME_ID_EMAIL],
      singleSignOnService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: ssoUrl }],
      singleLogoutService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: `${entityId}/slo` }],
    });

  return {
    entityId,
    ssoUrl,
    certificate: key.certificate,

    /** Reads the AuthnRequest the portal redirected to; refuses one not from `spMetadata`'s SP or not to this IdP. */
    async readRequest(redirectAddress: string, spMetadata: string) {
      const address = new URL(redirectAddress);
      if (`${address.origin}${address.pathname}` !== ssoUrl) throw new Error(`the request went to ${address.origin}${address.pathname}, not ${ssoUrl}`);
      const sp = samlify.ServiceProvider({ metadata: spMetadata });
      const query = Object.fromEntries(address.searchParams);
      const parsed = await idpFor(key).parseLoginRequest(sp, 'redirect', { query, octetString: '' });
      const request = parsed.extract.request as { id: string; issuer?: string; destination?: string; assertionConsumerServiceUrl?: string };
      return { id: request.id, relayState: query.RelayState, xml: parsed.samlContent, issuer: parsed.extract.issuer as string };
    },

    /** The base64 SAMLResponse answering `requestId` for the SP of `spMetadata`, signed as `answer.sign` says. */
    async answer(spMetadata: string, requestId: string, answer: AnswerOptions = {}): Promise<string> {
      const email = answer.email ?? 'person@example.com';
      const metadataSp = samlify.ServiceProvider({ metadata: spMetadata });
      const sp =
        answer.sign === 'response'
          ? samlify.ServiceProvider({
              entityID: metadataSp.entityMeta.getEntityID(),
              assertionConsumerService: [
                { Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: metadataSp.entityMeta.getAssertionConsumerService('post') as string },
              ],
              wantAssertionsSigned: false,
              wantMessageSigned: true,
            })
          : metadataSp;
      const now = new Date();
      const later = new Date(now.getTime() + 5 * 60_000).toISOString();
      const authn = `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_session${crypto.randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>${answer.authnContextClassRef ?? PASSWORD_CLASS}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`;
      const idp = idpFor(answer.signingKey ?? key);
      const made = await idp.createLoginResponse(
        sp,
        { extract: { request: { id: requestId } } },
        'post',
        { email },
        {
          customTagReplacement: (template: string) => {
            const values: Record<string, string | null> = {
              ID: `_r${crypto.randomUUID()}`,
              AssertionID: `_a${crypto.randomUUID()}`,
              Destination: sp.entityMeta.getAssertionConsumerService('post') as string,
              Audience: sp.entityMeta.getEntityID(),
              SubjectRecipient: sp.entityMeta.getAssertionConsumerService('post') as string,
              Issuer: entityId,
              IssueInstant: now.toISOString(),
              StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
              ConditionsNotBefore: now.toISOString(),
              ConditionsNotOnOrAfter: later,
              SubjectConfirmationDataNotOnOrAfter: later,
              NameIDFormat: answer.nameIdFormat ?? NAME_ID_EMAIL,
              NameID: answer.nameId ?? email,
              InResponseTo: requestId,
              ...answer.tags,
            };
            // samlify escapes every value: the statements, XML of their own, go in first.
            const withStatements = template.replace('{AuthnStatement}', authn).replace('{AttributeStatement}', attributeStatement(answer.attributes ?? {}));
            return { id: values.ID!, context: samlify.SamlLib.replaceTagsByValue(withStatements, values) };
          },
        },
      );
      return made.context;
    },
  };
}

export type SamlIdentityProvider = Awaited<ReturnType<typeof createSamlIdentityProvider>>;

export const decodeResponse = (samlResponse: string) => Buffer.from(samlResponse, 'base64').toString('utf8');
export const encodeResponse = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
