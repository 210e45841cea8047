import { describe, expect, it } from 'vitest';
import type { AccessibleFileDto } from '../../contract/files';
import type { PagedResult } from '../../contract/envelope';
import { fileGrantTermsSchema } from '../../contract/schemas/files';
import { MAX_FIELD_ERRORS, validationWork } from '../../server/core/validation';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { unique, useDemoServer } from './factories';
import { makeFileWithGrant, makeGrant, makeManagedFile } from './fileFixtures';
import { partnerWithForm, validAnswers } from './partnerFormsFixtures';
import type { ApiAnswer } from './harness';

/**
 * Issue 20: a request's refusal costs what its size in bytes costs, and no value a client sends makes a 500.
 * The work of a refusal is counted (values the check before yup visits, characters of text it reads), never timed.
 */
const demo = useDemoServer();
const { server, token, partnerIds } = demo;

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
/** Values a refusal may visit however long the list or text it refuses: the body's top-level fields and a few more. */
const REFUSAL_VISITS_MAX = 20;
/** Characters a refusal may read: the short texts beside the one at fault, never the oversized one. */
const REFUSAL_READ_MAX = 1000;

/** A call's answer with the validation work it caused, and a GET /api/health sent beside it. */
async function withWorkCounted<T>(call: () => Promise<ApiAnswer<T>>) {
  const before = { ...validationWork };
  const [answer, health] = await Promise.all([call(), fetch(`${server.url}/api/health`)]);
  return { answer, health: health.status, visited: validationWork.visited - before.visited, read: validationWork.charactersRead - before.charactersRead };
}

describe('a list or a text is refused by its length before anything in it is read', () => {
  for (const entries of [50_000, 150_000]) {
    it(`${entries.toLocaleString('en')} sort keys on the accessible files are a 400 naming orderBy and its limit, a handful of values visited, health answering`, async () => {
      const { answer, health, visited, read } = await withWorkCounted(() =>
        server.api('POST', '/api/v1/files/accessible/search', { token: token('partner@acme.example'), body: { orderBy: Array(entries).fill('!') } }),
      );
      expectFieldErrors(answer, ['orderBy']);
      expect(fieldMessage(answer, 'orderBy')).toBe('At most 5 items');
      expect(visited).toBeLessThan(REFUSAL_VISITS_MAX);
      expect(read).toBeLessThan(REFUSAL_READ_MAX);
      expect(health).toBe(200);
    });
  }

  it('20,000 sort keys on the tickets search are refused the same way, in Vietnamese too', async () => {
    const { answer, visited } = await withWorkCounted(() =>
      server.api('POST', '/api/v1/tickets/search', {
        token: token('admin@example.com'),
        body: { orderBy: Array(20_000).fill('id asc') },
        headers: { 'client-language': 'vi' },
      }),
    );
    expectFieldErrors(answer, ['orderBy']);
    expect(fieldMessage(answer, 'orderBy')).toBe('Tối đa 5 mục');
    expect(visited).toBeLessThan(REFUSAL_VISITS_MAX);
  });

  it('20,000 partners on assign and 20,000 partner forms on migrate are a 400 naming the list and its limit of 500', async () => {
    const ids = Array.from({ length: 20_000 }, () => MISSING_ID);
    const admin = token('admin@example.com');
    const assign = await withWorkCounted(() =>
      refused(server, () => server.api('POST', '/api/v1/partner-forms/assign', { token: admin, body: { formId: MISSING_ID, partnerIds: ids } })),
    );
    expectFieldErrors(assign.answer, ['partnerIds']);
    expect(fieldMessage(assign.answer, 'partnerIds')).toBe('At most 500 items');
    const migrate = await withWorkCounted(() =>
      refused(server, () => server.api('POST', '/api/v1/partner-forms/migrate', { token: admin, body: { ids, action: 'keep' } })),
    );
    expectFieldErrors(migrate.answer, ['ids']);
    for (const { visited, read, health } of [assign, migrate]) {
      expect(visited).toBeLessThan(REFUSAL_VISITS_MAX);
      expect(read).toBeLessThan(REFUSAL_READ_MAX);
      expect(health).toBe(200);
    }
  });

  it('a 500,000-character keyword is a 400 naming it and its limit, without its characters being read', async () => {
    const { answer, visited, read } = await withWorkCounted(() =>
      server.api('POST', '/api/v1/partners/search', { token: token('admin@example.com'), body: { keyword: 'a'.repeat(499_999) + '\u0000' } }),
    );
    expectFieldErrors(answer, ['keyword']);
    expect(fieldMessage(answer, 'keyword')).toBe('At most 255 characters');
    expect(visited).toBeLessThan(REFUSAL_VISITS_MAX);
    expect(read).toBeLessThan(REFUSAL_READ_MAX);
  });

  it(`one 400 lists at most ${MAX_FIELD_ERRORS} field errors, however many items are wrong`, async () => {
    const answer = await server.api('POST', '/api/v1/partner-forms/assign', {
      token: token('admin@example.com'),
      body: { formId: MISSING_ID, partnerIds: Array(500).fill('not-an-id') },
    });
    expectEnvelope(answer, 400);
    expect(answer.body.errors).toHaveLength(MAX_FIELD_ERRORS);
    expect(answer.body.errors![0]).toEqual({ field: 'partnerIds[0]', message: 'Invalid identifier' });
  });
});

describe('no 500 from a value a client sends', () => {
  for (const [name, text] of [
    ['a NUL', 'a\u0000b'],
    ['a lone surrogate', 'x\ud800'],
  ]) {
    it(`reopening a submitted form with a comment holding ${name} is a 400 naming its question`, async () => {
      const form = await partnerWithForm(demo);
      expectEnvelope(await form.submit(validAnswers()), 200);
      const answer = await refused(server, () =>
        server.api('POST', `${form.url}/reopen`, { token: token('admin@example.com'), body: { note: 'n', comments: { taxNumber: text } } }),
      );
      expectFieldErrors(answer, ['comments.taxNumber']);
      expect(fieldMessage(answer, 'comments.taxNumber')).toMatch(/not allowed/);
    });
  }

  it('reopen comments beyond their count, length or shape are refused naming the question or the map', async () => {
    const reopen = (comments: unknown) =>
      server.api('POST', `/api/v1/partner-forms/${MISSING_ID}/reopen`, { token: token('admin@example.com'), body: { comments } });
    expect(fieldMessage(await reopen({ t1: 'a'.repeat(1001) }), 'comments.t1')).toBe('At most 1000 characters');
    expect(fieldMessage(await reopen({ t1: ['a'] }), 'comments.t1')).toBe('Invalid value');
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`q${i}`, 'x']));
    const { answer, visited } = await withWorkCounted(() => reopen(many));
    expect(fieldMessage(answer, 'comments')).toBe('At most 500 items');
    expect(visited).toBeLessThan(REFUSAL_VISITS_MAX);
  });

  /** Windows of a day at the far ends JavaScript reads and PostgreSQL refuses, and in year 0 (which it has not). */
  const OUT_OF_RANGE = [
    ['-010000-01-01T00:00:00.000Z', '-010000-01-02T00:00:00.000Z'],
    ['+275760-09-12T00:00:00.000Z', '+275760-09-13T00:00:00.000Z'],
    ['0000-01-01T00:00:00.000Z', '0000-01-02T00:00:00.000Z'],
  ];

  for (const [from, to] of OUT_OF_RANGE) {
    it(`a grant from ${from} to ${to} is a 400 naming both, on create and on change`, async () => {
      const admin = token('admin@example.com');
      const acme = { conditionType: 'partner' as const, targetId: partnerIds['Acme Logistics'] };
      const { file, grant } = await makeFileWithGrant(demo, acme);
      const create = await refused(server, () => server.api('POST', '/api/v1/file-grants', { token: admin, body: { ...acme, fileId: file.id, from, to } }));
      const change = await refused(server, () => server.api('PUT', `/api/v1/file-grants/${grant.id}`, { token: admin, body: { from, to } }));
      for (const answer of [create, change]) {
        expectFieldErrors(answer, ['from', 'to']);
        expect(fieldMessage(answer, 'from')).toBe('A date between the years 1 and 9999');
        expect(fieldMessage(answer, 'to')).toBe('A date between the years 1 and 9999');
      }
    });
  }

  it('the browser’s schema refuses the same dates with the same message, and takes the first and last years', async () => {
    for (const [from, to] of OUT_OF_RANGE) {
      const errors = await fileGrantTermsSchema.validate({ from, to }, { abortEarly: false }).catch((e: { errors: unknown[] }) => e.errors);
      expect(errors).toEqual([
        { key: 'validation.dateRange', values: { min: 1, max: 9999 } },
        { key: 'validation.dateRange', values: { min: 1, max: 9999 } },
      ]);
    }
    await expect(fileGrantTermsSchema.validate({ from: '0001-01-01T00:00:00Z', to: '9999-12-31T23:59:59.999Z' })).resolves.toBeTruthy();
  });
});

describe('an unknown sort field is a 400 on every search', () => {
  const searchAccessible = (body: object) =>
    server.api<PagedResult<AccessibleFileDto>>('POST', '/api/v1/files/accessible/search', { token: token('partner@acme.example'), body });

  for (const field of ['__proto__', 'password', 'constructor desc']) {
    it(`the accessible files refuse orderBy ${JSON.stringify(field)}, listing the fields allowed`, async () => {
      const answer = await searchAccessible({ orderBy: [field] });
      expectFieldErrors(answer, ['orderBy']);
      expect(fieldMessage(answer, 'orderBy')).toMatch(/Allowed: expiresAt, fileId, fileName, id, size/);
    });
  }

  it('the accessible files sort on a field allowed, by name when none is given', async () => {
    const tag = unique('sort');
    const acme = { conditionType: 'partner' as const, targetId: partnerIds['Acme Logistics'] };
    const small = await makeManagedFile(demo, { fileName: `${tag}-b.txt`, content: 'x', contentType: 'text/plain' });
    const large = await makeManagedFile(demo, { fileName: `${tag}-a.txt`, content: 'x'.repeat(100), contentType: 'text/plain' });
    await makeGrant(demo, { ...acme, fileId: small.id, to: new Date(Date.now() + 10 * 3_600_000) });
    await makeGrant(demo, { ...acme, fileId: large.id, to: new Date(Date.now() + 2 * 3_600_000) });
    const names = async (body: object) => expectEnvelope(await searchAccessible({ keyword: tag, ...body }), 200).body.data!.items.map((f) => f.fileName);
    expect(await names({})).toEqual([`${tag}-a.txt`, `${tag}-b.txt`]);
    expect(await names({ orderBy: ['size asc'] })).toEqual([`${tag}-b.txt`, `${tag}-a.txt`]);
    expect(await names({ orderBy: ['expiresAt desc'] })).toEqual([`${tag}-b.txt`, `${tag}-a.txt`]);
    expect(await names({ orderBy: ['fileName desc', 'id'] })).toEqual([`${tag}-b.txt`, `${tag}-a.txt`]);
  });

  it('an export refuses an unknown sort field after the first', async () => {
    const answer = await server.api('GET', '/api/v1/partners/export?orderBy=name,password', { token: token('admin@example.com') });
    expectFieldErrors(answer, ['orderBy']);
  });
});

describe('a refusal by size still names the body’s other faults', () => {
  it('a name over its limit and a phone of the wrong form are both named, the name’s text unread', async () => {
    const { answer, read } = await withWorkCounted(() =>
      server.api('POST', '/api/v1/partners', {
        token: token('admin@example.com'),
        body: { name: 'n'.repeat(300_000), email: 'x@example.com', type: 't', address: 'a', phone: 'ring ring' },
      }),
    );
    expectFieldErrors(answer, ['name', 'phone']);
    expect(fieldMessage(answer, 'name')).toBe('At most 255 characters');
    expect(read).toBeLessThan(REFUSAL_READ_MAX);
  });
});
