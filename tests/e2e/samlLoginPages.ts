import crypto from 'node:crypto';
import http from 'node:http';
import * as samlify from 'samlify';
import { createSamlIdentityProvider, type AnswerOptions } from '../server/samlIdentityProvider';

/** A person the IdP knows: the password they type on its login page, and what it asserts of them. */
export interface SamlPerson {
  email: string;
  password: string;
  answer: AnswerOptions;
}

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><main>${body}</main></body></html>`;

async function formOf(request: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A SAML IdP with pages a person uses, on a loopback port: the portal's AuthnRequest (HTTP-Redirect) opens a login
 * page; the right password answers a page whose form posts the signed SAMLResponse (samlify's) to the portal's ACS
 * by itself, as real IdPs do (with a button where scripts do not run). The SP is known from its metadata (`trust`).
 */
export async function startSamlLoginPages() {
  const people = new Map<string, SamlPerson>();
  /** AuthnRequests shown on a login page and not yet answered: their ID and RelayState. */
  const pending = new Map<string, { requestId: string; relayState: string }>();
  let spMetadata: string | undefined;

  const loginPage = (ticket: string, failedFor?: string) =>
    page(
      'Acme sign-in',
      `<h1>Sign in to Acme</h1>${failedFor === undefined ? '' : '<p role="alert">Wrong email or password.</p>'}<form method="post" action="/login">` +
        `<input type="hidden" name="ticket" value="${escape(ticket)}">` +
        `<label>Email <input name="email" type="email" autocomplete="username" value="${escape(failedFor ?? '')}"></label>` +
        '<label>Password <input name="password" type="password" autocomplete="current-password"></label>' +
        '<button type="submit">Sign in</button></form>',
    );

  const postBack = (acs: string, samlResponse: string, relayState: string) =>
    page(
      'Signing you in',
      `<form method="post" action="${escape(acs)}"><input type="hidden" name="SAMLResponse" value="${escape(samlResponse)}">` +
        `<input type="hidden" name="RelayState" value="${escape(relayState)}"><noscript><button type="submit">Continue</button></noscript></form>` +
        '<script>document.forms[0].submit()</script>',
    );

  const server = http.createServer((request, response) => {
    const html = (status: number, body: string) =>
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
    void (async () => {
      const address = new URL(request.url ?? '/', origin);
      if (!spMetadata) return html(503, page('Not ready', 'The IdP has no service provider yet.'));
      if (request.method === 'GET' && address.pathname === '/sso') {
        const read = await idp.readRequest(address.href, spMetadata);
        const ticket = crypto.randomUUID();
        pending.set(ticket, { requestId: read.id, relayState: read.relayState });
        return html(200, loginPage(ticket));
      }
      if (request.method === 'POST' && address.pathname === '/login') {
        const form = await formOf(request);
        const ticket = form.get('ticket') ?? '';
        const waiting = pending.get(ticket);
        if (!waiting) return html(400, page('Expired', 'This sign-in has expired.'));
        const person = people.get((form.get('email') ?? '').trim().toLowerCase());
        if (!person || person.password !== form.get('password')) return html(401, loginPage(ticket, form.get('email') ?? ''));
        pending.delete(ticket);
        const samlResponse = await idp.answer(spMetadata, waiting.requestId, { email: person.email, ...person.answer });
        const acs = samlify.ServiceProvider({ metadata: spMetadata }).entityMeta.getAssertionConsumerService('post') as string;
        return html(200, postBack(acs, samlResponse, waiting.relayState));
      }
      html(404, page('Not found', 'Nothing here.'));
    })().catch((error: unknown) => html(500, page('Error', escape(String(error)))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const listening = server.address();
  const origin = `http://127.0.0.1:${typeof listening === 'object' && listening ? listening.port : 0}`;
  // Its addresses are on the port just taken (no request comes before the test has them).
  const idp = await createSamlIdentityProvider({ entityId: `${origin}/metadata`, ssoUrl: `${origin}/sso` });

  return {
    origin,
    entityId: idp.entityId,
    ssoUrl: idp.ssoUrl,
    certificate: idp.certificate,
    /** The portal as this IdP's admin registers it: from its SP metadata. */
    trust(metadata: string) {
      spMetadata = metadata;
    },
    addPerson(person: SamlPerson) {
      people.set(person.email.toLowerCase(), person);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
