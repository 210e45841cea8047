import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PartnerDto } from '../../contract/partners';
import { toSafeHtml } from '../../server/modules/tickets/ticketHtml';
import { expectLinear } from '../linearTime';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { useDemoServer } from './factories';
import { rootTenant, type ApiAnswer } from './harness';
import { PROTOTYPE_KEYS } from './routeFuzzRequests';
import { slowFileOpensUnder } from './slowFileOpens';

const { server, token } = useDemoServer();
let admin: string;
let partner: string;
let attachmentsDir: string;

beforeAll(() => {
  admin = token('admin@example.com');
  partner = token('partner@acme.example');
  attachmentsDir = path.join(server.config.dataDir, 'files', 'attachments');
});

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

const validPartner = (name: string) => ({ name, email: 'contact@hardening.example', type: 'Logistics', address: '1 Lê Lợi', phone: '+84 28 555 0101' });

/** A JSON body written by hand, so that keys such as `__proto__` reach the server as the client typed them. */
const raw = (json: string) => ({ rawBody: json, headers: { 'content-type': 'application/json' } });

async function createPartner(name: string) {
  const answer = await server.api<PartnerDto>('POST', '/api/v1/partners', { token: admin, body: validPartner(name) });
  expectEnvelope(answer, 201);
  return answer.body.data!;
}

async function deletePartner(id: string) {
  await server.api('DELETE', `/api/v1/partners/${id}`, { token: admin });
}

/** How long a call takes, in milliseconds. */
async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await call();
  return { answer, ms: performance.now() - started };
}

// The backtracking patterns held the server for 15–22 s on these bodies; a linear check answers in
// milliseconds. The bound is generous enough that only super-linear matching can miss it.
const HELD_SERVER_MS = 5000;

describe('patterns applied to client input run in linear time', () => {
  it('a 200 KB email shaped to make a backtracking pattern quadratic is refused at once, unauthenticated', async () => {
    const email = 'a@' + 'a.'.repeat(100_000) + '@';
    const { answer, ms } = await timed(() =>
      refused(server, () => server.api('POST', '/api/v1/users/verify-token/email-active', { body: { email, token: 'x' } })),
    );
    expectFieldErrors(answer, ['email']);
    expect(ms).toBeLessThan(HELD_SERVER_MS);
  });

  it('an email at the length limit shaped the same way is refused at once', async () => {
    const email = 'a@' + 'a.'.repeat(126) + '@';
    const answer = await refused(server, () => server.api('POST', '/api/v1/users/forgot-password', { body: { email } }));
    expectFieldErrors(answer, ['email']);
  });

  it("a 200 KB partner website shaped the same way is refused at once and the partner isn't created", async () => {
    const website = 'http://a' + 'a.'.repeat(100_000) + ' x';
    const { answer, ms } = await timed(() =>
      refused(server, () => server.api('POST', '/api/v1/partners', { token: admin, body: { ...validPartner('Slow Website'), website } })),
    );
    expectFieldErrors(answer, ['website']);
    expect(ms).toBeLessThan(HELD_SERVER_MS);
  });

  it('the server keeps answering other requests while a pathological email is checked', async () => {
    const email = 'a@' + 'a.'.repeat(100_000) + '@';
    const slow = server.api('POST', '/api/v1/users/forgot-password', { body: { email } });
    const { answer, ms } = await timed(() => server.api('GET', '/api/v1/users/permissions'));
    expectEnvelope(answer, 401);
    expect(ms).toBeLessThan(HELD_SERVER_MS);
    expectFieldErrors(await slow, ['email']);
  });
});

describe('the ticket HTML sanitiser reads any description in linear time', () => {
  const shapes: Record<string, (n: number) => string> = {
    'end tags of elements never opened, after many open ones': (n) => '<p>' + '<b>'.repeat(n) + '</i>'.repeat(n),
    'unclosed attribute quotes': (n) => '<p><a ' + 'b="'.repeat(n),
    'raw-text elements never ended': (n) => '<p>' + '<script>'.repeat(n),
    'comments never ended': (n) => '<p>' + '<!--'.repeat(n),
    'entity starts': (n) => '<p>' + '&#'.repeat(n) + '&a'.repeat(n),
    'lone less-than signs': (n) => '<p>' + '<'.repeat(n) + 'a>'.repeat(n),
  };
  for (const [name, shape] of Object.entries(shapes)) {
    it(name, () => expectLinear(toSafeHtml, shape, 3000));
  }
});

describe('JSON keys named like Object.prototype members', () => {
  // Each sign-in probe names its own account: failed sign-ins of one email are held after a few.
  let probe = 0;
  const publicRoutes: [string, string, () => string][] = [
    ['POST', '/api/token', () => `"email":"probe${++probe}@example.com","password":"x"`],
    ['POST', '/api/token/refresh', () => '"token":"x","refreshToken":"y"'],
    ['POST', '/api/v1/users/forgot-password', () => '"email":"nobody@example.com"'],
    ['POST', '/api/v1/users/verify-token/email-active', () => '"email":"nobody@example.com","token":"x"'],
    ['POST', '/api/v1/users/reset-password', () => '"email":"nobody@example.com","token":"x","password":"Password1!"'],
  ];

  it('are ignored at the top level of public routes: the answer is what the same body without them gets', async () => {
    for (const [method, url, fields] of publicRoutes) {
      const plain = await server.api(method, url, { rawBody: `{${fields()}}`, headers: { 'content-type': 'application/json', ...rootTenant } });
      for (const key of PROTOTYPE_KEYS.filter((k) => k !== '__proto__')) {
        const before = await server.snapshot();
        const answer = await server.api(method, url, { rawBody: `{${fields()},"${key}":"x"}`, headers: { 'content-type': 'application/json', ...rootTenant } });
        expect(await server.snapshot()).toBe(before);
        expect(answer.status, `${method} ${url} ${key}: ${answer.text}`).toBe(plain.status);
        expectEnvelope(answer, plain.status);
      }
    }
  });

  it('never give 500 on searches, creates and updates, at the top level or nested', async () => {
    const own = await createPartner('Prototype Keys');
    try {
      for (const key of PROTOTYPE_KEYS) {
        const bodies: [string, string, string][] = [
          ['POST', '/api/v1/partners/search', `{"${key}":"x"}`],
          ['POST', '/api/v1/partners/search', `{"advancedSearch":{"keyword":"a","${key}":{"a":1}}}`],
          ['POST', '/api/v1/tickets/search', `{"${key}":1,"status":"OPEN"}`],
          ['POST', '/api/v1/users/search', `{"${key}":[]}`],
          ['POST', '/api/v1/roles', `{"name":"R","priority":500,"${key}":null}`],
          ['PUT', `/api/v1/partners/${own.id}`, `{"${key}":"x"}`],
          ['POST', '/api/v1/users/register', `{"firstName":"A","${key}":{"${key}":1}}`],
          [
            'POST',
            '/api/v1/users/00000000-0000-4000-8000-000000000000/roles',
            `{"userRoles":[{"roleId":"00000000-0000-4000-8000-000000000000","enabled":true,"${key}":"x"}]}`,
          ],
        ];
        for (const [method, url, json] of bodies) {
          const answer = await server.api(method, url, { token: admin, ...raw(json) });
          expect(answer.status, `${method} ${url} ${json}: ${answer.text}`).not.toBe(500);
          expectEnvelope(answer, answer.status);
        }
      }
    } finally {
      await deletePartner(own.id);
    }
  });

  it('__proto__ anywhere in a JSON body, or constructor.prototype, is refused naming the field, public routes included', async () => {
    const cases: [string, string, string, string][] = [
      ['POST', '/api/v1/users/forgot-password', '{"email":"a@b.cd","__proto__":{"isAdmin":true}}', '__proto__'],
      ['POST', '/api/token', '{"email":"admin@example.com","password":"x","\\u005f_proto__":1}', '__proto__'],
      ['POST', '/api/v1/partners/search', '{"advancedSearch":{"keyword":"a","__proto__":"x"}}', 'advancedSearch.__proto__'],
      ['POST', '/api/v1/users/00000000-0000-4000-8000-000000000000/roles', '{"userRoles":[{"constructor":{"prototype":{"x":1}}}]}', 'userRoles[0].constructor'],
    ];
    for (const [method, url, json, field] of cases) {
      const answer = await refused(server, () =>
        server.api(method, url, { token: admin, rawBody: json, headers: { 'content-type': 'application/json', ...rootTenant } }),
      );
      expectFieldErrors(answer, [field]);
    }
  });

  it('a body nested deeper than any API body is refused with an envelope, not a stack overflow', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expectEnvelope(await refused(server, () => server.api('POST', '/api/v1/partners', { token: admin, ...raw(deep) })), 400);
    const deepObject = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    expectEnvelope(
      await refused(server, () =>
        server.api('POST', '/api/v1/tickets', {
          token: partner,
          ...raw(deepObject),
          headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-body' },
        }),
      ),
      400,
    );
  });

  it('a multipart field named like a prototype member is refused', async () => {
    const boundary = 'proto-boundary';
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const body = multipartBody(boundary, [
        { name: 'subject', value: 'Subject' },
        { name, value: 'x' },
      ]);
      expectEnvelope(await refusedWithoutFiles(() => postTicket(`multipart/form-data; boundary=${boundary}`, body)), 400);
    }
  });

  it('a search with a prototype-named key is refused as an unknown filter, naming it', async () => {
    for (const key of PROTOTYPE_KEYS.filter((k) => k !== '__proto__')) {
      const answer = await server.api('POST', '/api/v1/partners/search', { token: admin, ...raw(`{"${key}":"x"}`) });
      expectFieldErrors(answer, [key]);
    }
  });

  it('a create with a prototype-named key next to valid fields creates exactly the valid fields', async () => {
    const answer = await server.api<PartnerDto>('POST', '/api/v1/partners', {
      token: admin,
      ...raw(JSON.stringify(validPartner('Constructor Co')).replace(/}$/, ',"constructor":{"name":"x"},"toString":1}')),
    });
    expectEnvelope(answer, 201);
    try {
      expect(answer.body.data!.name).toBe('Constructor Co');
    } finally {
      await deletePartner(answer.body.data!.id);
    }
  });
});

describe('a NUL character or a lone surrogate in any text', () => {
  const badTexts = [
    ['NUL', `Acme${NUL}`],
    ['lone surrogate', `Acme${LONE_SURROGATE}x`],
  ] as const;

  it('is refused with a field error in a create, and nothing is written', async () => {
    for (const [, text] of badTexts) {
      const answer = await refused(server, () =>
        server.api('POST', '/api/v1/partners', { token: admin, body: { ...validPartner(text), address: `1 ${text}` } }),
      );
      expectFieldErrors(answer, ['name', 'address']);
      expectFieldErrors(
        await refused(server, () => server.api('POST', '/api/v1/roles', { token: admin, body: { name: 'Role', description: text, priority: 500 } })),
        ['description'],
      );
      expectFieldErrors(
        await refused(server, () => server.api('POST', '/api/v1/tickets', { token: partner, body: { subject: 'Subject', description: text } })),
        ['description'],
      );
    }
  });

  it('is refused with a field error in an update, and nothing is written', async () => {
    const own = await createPartner('Update Target');
    try {
      for (const [, text] of badTexts) {
        const answer = await refused(server, () =>
          server.api('PUT', `/api/v1/partners/${own.id}`, { token: admin, body: { ...validPartner('Update Target'), type: text } }),
        );
        expectFieldErrors(answer, ['type']);
        expectFieldErrors(
          await refused(server, () => server.api('PUT', '/api/v1/users/profile', { token: partner, body: { firstName: text, lastName: 'Trần' } })),
          ['firstName'],
        );
      }
    } finally {
      await deletePartner(own.id);
    }
  });

  it('is refused with a field error in searches, nested fields named by their path', async () => {
    for (const [, text] of badTexts) {
      expectFieldErrors(await server.api('POST', '/api/v1/partners/search', { token: admin, body: { keyword: text } }), ['keyword']);
      expectFieldErrors(await server.api('POST', '/api/v1/partners/search', { token: admin, body: { advancedSearch: { keyword: text } } }), [
        'advancedSearch.keyword',
      ]);
      expectFieldErrors(await server.api('POST', '/api/v1/tickets/search', { token: admin, body: { subject: text } }), ['subject']);
      expectFieldErrors(await server.api('POST', '/api/v1/users/search', { token: admin, body: { keyword: text } }), ['keyword']);
      expectFieldErrors(await server.api('POST', '/api/v1/roles/search', { token: admin, body: { orderBy: [`name${text}`] } }), ['orderBy[0]']);
    }
  });

  it('is refused in public calls, the password included, without saying more than the field', async () => {
    for (const [, text] of badTexts) {
      expectFieldErrors(await server.api('POST', '/api/token', { body: { email: 'admin@example.com', password: `Password${text}` }, headers: rootTenant }), [
        'password',
      ]);
      expectFieldErrors(await server.api('POST', '/api/v1/users/forgot-password', { body: { email: `a${text}@example.com` } }), ['email']);
    }
  });

  it("is refused with a field error in exports' query parameters", async () => {
    for (const query of ['keyword=a%00b', 'name=%00', 'orderBy=name%00']) {
      const answer = await server.api('GET', `/api/v1/partners/export?${query}`, { token: admin });
      expectEnvelope(answer, 400);
      expect(answer.body.errors?.length, answer.text).toBe(1);
    }
    expectFieldErrors(await server.api('GET', '/api/v1/tickets/export?subject=a%00b', { token: admin }), ['subject']);
    expectFieldErrors(await server.api('GET', '/api/v1/roles/export?keyword=%00', { token: admin }), ['advancedSearch.keyword']);
  });
});

describe('requests refused before routing', () => {
  it('an address or headers over the size limit get a 431 envelope', async () => {
    expectEnvelope(await server.api('GET', `/api/v1/partners/export?keyword=${'a'.repeat(70_000)}`, { token: admin }), 431);
    expectEnvelope(await server.api('GET', '/api/v1/users/profile', { headers: { 'x-filler': 'a'.repeat(20_000) } }), 431);
  });

  it('a malformed request (a NUL in a header) gets a 400 envelope', async () => {
    const { port } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /api/v1/users/profile HTTP/1.1\r\nHost: x\r\nIdempotency-Key: a\u0000b\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head.toLowerCase()).toContain('content-type: application/json');
    expect(JSON.parse(body)).toMatchObject({ isSuccess: false, statusCode: 400, data: null });
  });
});

/** A multipart body written byte by byte, so that it can be malformed on purpose. */
function multipartBody(boundary: string, parts: { name: string; value: string | Buffer; fileName?: string; type?: string }[], end = true) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName !== undefined ? `; filename="${part.fileName}"` : ''}`;
    const partType = part.type ?? (part.fileName !== undefined ? 'text/plain' : undefined);
    const type = partType ? `\r\nContent-Type: ${partType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'utf8'), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  if (end) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const postTicket = (contentType: string, body: Buffer | string) =>
  server.api('POST', '/api/v1/tickets', { token: partner, rawBody: body, headers: { 'content-type': contentType } });
const storedFiles = () => (fs.existsSync(attachmentsDir) ? fs.readdirSync(attachmentsDir).sort() : []);

/** Refused with nothing written: no row, no stored file. */
async function refusedWithoutFiles(call: () => Promise<ApiAnswer<unknown>>) {
  const before = storedFiles();
  const answer = await refused(server, call);
  expect(storedFiles()).toEqual(before);
  return answer;
}

describe('multipart requests', () => {
  const boundary = 'hardening-boundary';
  const type = `multipart/form-data; boundary=${boundary}`;

  it('a NUL or a lone surrogate in a multipart field is refused with that field named', async () => {
    const nul = multipartBody(boundary, [{ name: 'subject', value: `Subject${NUL}` }]);
    expectFieldErrors(await refusedWithoutFiles(() => postTicket(type, nul)), ['subject']);
    // UTF-8 cannot carry a lone surrogate (the decoder makes it U+FFFD), but a part may declare UTF-16.
    const surrogate = multipartBody(boundary, [
      { name: 'subject', value: 'Subject' },
      { name: 'description', value: Buffer.from(`Text${LONE_SURROGATE}`, 'utf16le'), type: 'text/plain; charset=utf-16le' },
    ]);
    expectFieldErrors(await refusedWithoutFiles(() => postTicket(type, surrogate)), ['description']);
  });

  it('a NUL in an uploaded file name is refused with the files field named, and no file is kept', async () => {
    const body = multipartBody(boundary, [
      { name: 'subject', value: 'With a file' },
      { name: 'files', value: 'hello', fileName: `note${NUL}.txt` },
    ]);
    expectFieldErrors(await refusedWithoutFiles(() => postTicket(type, body)), ['files']);
  });

  it('a multipart request without a boundary is a 400 envelope', async () => {
    const body = multipartBody(boundary, [{ name: 'subject', value: 'No boundary' }]);
    expectEnvelope(await refusedWithoutFiles(() => postTicket('multipart/form-data', body)), 400);
  });

  it('a truncated multipart body is a 400 envelope, and the partial file is removed', async () => {
    const whole = multipartBody(boundary, [
      { name: 'subject', value: 'Truncated' },
      { name: 'files', value: 'hello world', fileName: 'note.txt' },
    ]);
    expectEnvelope(await refusedWithoutFiles(() => postTicket(type, whole.subarray(0, whole.length - 20))), 400);
    expectEnvelope(await refusedWithoutFiles(() => postTicket(type, multipartBody(boundary, [{ name: 'subject', value: 'No end' }], false))), 400);
  });

  it('a truncated upload is removed before the refusal is answered, even when the disk opens files slowly', async () => {
    const whole = multipartBody(boundary, [
      { name: 'subject', value: 'Truncated on a slow disk' },
      { name: 'files', value: 'hello world', fileName: 'note.txt' },
    ]);
    const before = storedFiles();
    const disk = slowFileOpensUnder(attachmentsDir);
    try {
      expectEnvelope(await postTicket(type, whole.subarray(0, whole.length - 20)), 400);
      // A file the server was still opening when it answered would appear now.
      await disk.settled();
      expect(disk.heldCount()).toBe(1);
      expect(storedFiles()).toEqual(before);
    } finally {
      disk.restore();
    }
  });

  it('a body that is not multipart at all under a multipart content type is a 400 envelope', async () => {
    expectEnvelope(await refusedWithoutFiles(() => postTicket(type, 'just some text')), 400);
    expectEnvelope(await refusedWithoutFiles(() => postTicket(`multipart/form-data; boundary=${'x'.repeat(200)}`, 'x')), 400);
  });

  it('a content type the route does not take is refused with an envelope', async () => {
    // Plain text is read as a body that is not a JSON object (docs/decisions.md): 400, not 415.
    expectEnvelope(await refusedWithoutFiles(() => postTicket('text/plain', 'subject=x')), 400);
    expectEnvelope(await refusedWithoutFiles(() => postTicket('application/x-www-form-urlencoded', 'subject=x')), 415);
    expectEnvelope(
      await refused(server, () =>
        server.api('POST', '/api/v1/partners', {
          token: admin,
          rawBody: multipartBody(boundary, [{ name: 'name', value: 'x' }]),
          headers: { 'content-type': type },
        }),
      ),
      415,
    );
  });
});
