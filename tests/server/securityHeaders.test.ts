import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HUB_PATH } from '../../contract/realtime';
import type { UserDto } from '../../contract/users';
import { contentSecurityPolicy } from '../../server/core/securityHeaders';
import { useDemoServer } from './factories';

const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-static-'));
fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Partner Portal</title><script type="module" src="/assets/app.js"></script>');
fs.mkdirSync(path.join(staticDir, 'assets'));
fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log("app")');

const { server, token, make, roleIds } = useDemoServer({ staticDir });
afterAll(() => fs.rmSync(staticDir, { recursive: true, force: true }));

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC', 'base64');

/** Every answer: the page may not be framed, sniffed into another type, or leak its path to other sites. */
function expectFramingAndSniffingHeaders(headers: Headers, what: string) {
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  const csp = headers.get('content-security-policy') ?? '';
  // A downloaded file keeps its own, stricter policy: nothing in it may run, even opened in the browser.
  if (what === 'an attachment') return expect(csp).toBe("default-src 'none'; sandbox");
  for (const directive of ["default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"])
    expect(csp, what).toContain(directive);
}

/** A ticket of its own with a PNG attached to a message: the attachment's URL. */
async function anAttachment() {
  const acme = token('partner@acme.example');
  const ticket = await make.ticket(acme, { subject: 'Headers' });
  const form = new FormData();
  form.append('body', 'a file');
  form.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'shot.png');
  const posted = await fetch(`${server.url}/api/v1/tickets/${ticket.id}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${acme}` },
    body: form,
  });
  const message = (await posted.json()) as { data: { attachments: { id: string }[] } };
  return `/api/v1/tickets/${ticket.id}/attachments/${message.data.attachments[0].id}`;
}

const get = (urlPath: string, authorization?: string) =>
  fetch(server.url + urlPath, { headers: authorization ? { authorization: `Bearer ${authorization}` } : {} });

describe('security headers', () => {
  it('every API answer carries them and no-store: envelopes, errors, exports, attachments, unknown routes, the hub', async () => {
    const admin = token('admin@example.com');
    const attachmentUrl = await anAttachment();
    const answers: [string, Response][] = [
      ['an envelope', await get('/api/users/profile', admin)],
      ['a 401', await get('/api/users/profile')],
      ['a 403', await get('/api/v1/partners/export', token('partner@acme.example'))],
      ['a 404 route', await get('/api/nothing-here')],
      ['a 400', await fetch(`${server.url}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json', tenant: 'root' }, body: '{"email":' })],
      ['a URL the router refuses', await get('/api/v1/users/%E0%A4%A')],
      ['a CSV export', await get('/api/v1/partners/export', admin)],
      ['an attachment', await get(attachmentUrl, admin)],
      [
        'the hub negotiation',
        await fetch(`${server.url}${HUB_PATH}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } }),
      ],
      ['the OpenAPI document', await get('/api/docs')],
    ];
    for (const [what, response] of answers) {
      expectFramingAndSniffingHeaders(response.headers, what);
      expect(response.headers.get('cache-control'), what).toMatch(/(^|,\s*)no-store\b/);
      await response.arrayBuffer();
    }
  });

  it('an avatar keeps its long public cache: its name is random and it holds no session', async () => {
    const user = await make.user({ roleId: roleIds.Support });
    const profile = await server.api<UserDto>('PUT', '/api/users/profile', {
      token: user.token,
      body: { firstName: 'Sam', lastName: 'Support', image: { name: 'me.png', extension: 'png', data: `data:image/png;base64,${PNG.toString('base64')}` } },
    });
    const response = await get(profile.body.data!.imageUrl!);
    expect(response.status).toBe(200);
    expectFramingAndSniffingHeaders(response.headers, 'an avatar');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('the app page and its assets carry them and keep their own caching', async () => {
    for (const [urlPath, cache] of [
      ['/', 'no-cache'],
      ['/tickets/123', 'no-cache'],
      ['/assets/app.js', 'public, max-age=31536000, immutable'],
    ]) {
      const response = await get(urlPath);
      expect(response.status, urlPath).toBe(200);
      expectFramingAndSniffingHeaders(response.headers, urlPath);
      expect(response.headers.get('cache-control'), urlPath).toBe(cache);
      await response.text();
    }
  });

  it('the policy allows only its own scripts (none inline), inline styles for MUI, and the hub on the same host', async () => {
    const response = await get('/');
    const csp = response.headers.get('content-security-policy')!;
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    const host = new URL(server.url).host;
    expect(directives['connect-src']).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
    expect(csp).not.toMatch(/unsafe-eval|\*/);
  });

  it('a Host header that is not a host name is left out of the policy', () => {
    expect(contentSecurityPolicy('evil.example; script-src *')).toContain("connect-src 'self';");
    expect(contentSecurityPolicy(undefined)).toContain("connect-src 'self';");
    expect(contentSecurityPolicy('portal.example:8443')).toContain("connect-src 'self' ws://portal.example:8443 wss://portal.example:8443;");
  });
});
