import { expect } from 'vitest';
import type { FileRequestDto } from '../../contract/files';
import { expectEnvelope } from './expectations';
import type { useDemoServer } from './factories';
import { makeFileWithGrant } from './fileFixtures';

type Demo = ReturnType<typeof useDemoServer>;

const DAY = 24 * 60 * 60 * 1000;
export const ACME_USER = 'partner@acme.example';
export const GLOBEX_USER = 'partner@globex.example';
export const ADMIN = 'admin@example.com';

/** A file Acme's users had a partner grant for (ended yesterday): one they may ask for again. */
export async function fileAcmeHad(demo: Demo) {
  const ended = Date.now() - DAY;
  const { file } = await makeFileWithGrant(demo, {
    conditionType: 'partner',
    targetId: demo.partnerIds['Acme Logistics'],
    from: new Date(ended - DAY),
    to: new Date(ended),
  });
  return file;
}

/** Posts a request as the holder of `token`. */
export const ask = (demo: Demo, token: string, body: unknown, headers?: Record<string, string>) =>
  demo.server.api<FileRequestDto>('POST', '/api/v1/file-requests', { token, body, headers });

/** A PENDING request of partner@acme.example: for a file Acme had, or in words when `text` is given. */
export async function pendingRequest(demo: Demo, options: { text?: string } = {}) {
  const file = options.text === undefined ? await fileAcmeHad(demo) : null;
  const body = file ? { fileId: file.id, reason: 'We need it for the audit' } : { requestText: options.text, reason: 'For the audit' };
  const answer = expectEnvelope(await ask(demo, demo.token(ACME_USER), body), 201);
  expect(answer.body.data!.status).toBe('PENDING');
  return { request: answer.body.data!, file };
}

/** A window of `days` from an hour ago, as ISO instants. */
export const windowOf = (days: number) => {
  const from = Date.now() - 60 * 60 * 1000;
  return { from: new Date(from).toISOString(), to: new Date(from + days * DAY).toISOString() };
};
