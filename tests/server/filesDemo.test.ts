import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GRANT_CONDITION_TYPES } from '../../contract/files';
import { fileGrants, fileRequests, managedFiles } from '../../server/db/schema';
import { DEMO_FILES, demoPdf, seedDemoFiles } from '../../server/modules/files/files.demo';
import { grantStateAt } from '../../server/modules/files/grantMatching';
import { sniffHead, textTypeOf } from '../../server/files/fileTypes';
import { useDemoServer } from './factories';

/** The demo files, grants and requests a fresh demo database gets, and a second seeding that adds nothing. */
const demo = useDemoServer();
const { server, partnerIds, userIds } = demo;
const ctx = () => server.built.ctx;

async function demoRows() {
  const names = DEMO_FILES.map((f) => f.fileName);
  const files = await ctx().db.select().from(managedFiles).where(inArray(managedFiles.fileName, names));
  const ids = files.map((f) => f.id);
  const grants = await ctx().db.select().from(fileGrants).where(inArray(fileGrants.fileId, ids));
  const requests = await ctx()
    .db.select()
    .from(fileRequests)
    .where(inArray(fileRequests.partnerId, [partnerIds['Acme Logistics'], partnerIds['Globex Trading']]));
  return { files, grants, requests };
}

async function bytesOf(key: string) {
  const stream = await ctx().files.area('files').get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('demo files', () => {
  it('each demo file is stored with bytes of its type, size and name', async () => {
    const { files } = await demoRows();
    expect(files.map((f) => f.fileName).sort()).toEqual(DEMO_FILES.map((f) => f.fileName).sort());
    for (const file of files) {
      const bytes = await bytesOf(file.storageKey);
      expect(bytes.length).toBe(file.size);
      const sniffed = sniffHead(bytes.subarray(0, 16));
      expect(sniffed.kind === 'binary' ? sniffed.contentType : sniffed.kind === 'text' ? textTypeOf(file.fileName) : 'zip').toBe(file.contentType);
    }
  });

  it("the hand-made PDF's cross-reference table points at its objects", () => {
    const pdf = demoPdf('Hello (world)').toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => expect(pdf.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`));
  });

  it('grants past, present and future of each condition type; Acme holds tax-form.pdf now with a download limit', async () => {
    const { files, grants } = await demoRows();
    const now = new Date();
    for (const type of GRANT_CONDITION_TYPES) {
      const states = grants.filter((g) => g.conditionType === type).map((g) => grantStateAt(g, now));
      expect(states, type).toEqual(expect.arrayContaining(['expired', 'active', 'scheduled']));
    }
    const taxForm = files.find((f) => f.fileName === 'tax-form.pdf')!;
    const acmeTaxForm = grants.find((g) => g.fileId === taxForm.id && g.partnerId === partnerIds['Acme Logistics'])!;
    expect(grantStateAt(acmeTaxForm, now)).toBe('active');
    expect(acmeTaxForm.downloadLimit).toBeGreaterThan(0);
    expect(grants.some((g) => g.userId === userIds['partner@acme.example'] && grantStateAt(g, now) === 'active')).toBe(true);
    expect(grants.some((g) => g.partnerId === partnerIds['Globex Trading'])).toBe(true);
  });

  it('requests in each state: an approval with its grant, a rejection with its reason, one in words', async () => {
    const { grants, requests } = await demoRows();
    const demoRequests = requests.filter((r) => r.createdAt < new Date(Date.now() - 12 * 60 * 60 * 1000));
    expect(new Set(demoRequests.map((r) => r.status))).toEqual(new Set(['PENDING', 'APPROVED', 'REJECTED']));
    const approved = demoRequests.find((r) => r.status === 'APPROVED')!;
    expect(grants.find((g) => g.id === approved.grantId)?.requestId).toBe(approved.id);
    expect(demoRequests.find((r) => r.status === 'REJECTED')!.decisionNote).not.toBe('');
    expect(demoRequests.some((r) => r.fileId === null && r.requestText !== '')).toBe(true);
  });

  it('seeding again changes nothing', async () => {
    const before = await server.snapshot();
    await seedDemoFiles(ctx());
    expect(await server.snapshot()).toBe(before);
  });
});
