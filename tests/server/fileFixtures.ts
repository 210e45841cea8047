import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { GrantConditionType } from '../../contract/files';
import { foldForSearch } from '../../contract/fold';
import { fileAccessLog, fileGrants, fileLinks, fileRequests, managedFiles } from '../../server/db/schema';
import { unique, type useDemoServer } from './factories';

type Demo = Pick<ReturnType<typeof useDemoServer>, 'server' | 'make' | 'userIds'>;

/** A minimal PDF: real bytes that the type sniffer reads as application/pdf. */
export const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const HOUR = 60 * 60 * 1000;

/**
 * A managed file written straight into the table with its bytes in `ctx.files.area('files')` (the upload route is
 * another helper's; link and grant tests need files, not uploads). Undone after the test: its log rows, links,
 * grants, requests' references, the row and the bytes.
 */
export async function makeManagedFile(
  demo: Demo,
  options: { content?: Buffer | string; fileName?: string; contentType?: string; uploadedBy?: string; deleted?: boolean } = {},
) {
  const { server, make, userIds } = demo;
  const ctx = server.built.ctx;
  const bytes = Buffer.isBuffer(options.content) ? options.content : options.content !== undefined ? Buffer.from(options.content) : SAMPLE_PDF;
  const store = ctx.files.area('files');
  const stored = await store.put(bytes);
  const fileName = options.fileName ?? `fixture-${unique('mf')}.pdf`;
  const [file] = await ctx.db
    .insert(managedFiles)
    .values({
      fileName,
      contentType: options.contentType ?? 'application/pdf',
      size: stored.size,
      storageKey: stored.key,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      uploadedBy: options.uploadedBy ?? userIds['admin@example.com'],
      searchText: foldForSearch(fileName),
      deletedAt: options.deleted ? new Date() : null,
    })
    .returning();
  make.onCleanup(async () => {
    await ctx.db.delete(fileAccessLog).where(eq(fileAccessLog.fileId, file.id));
    await ctx.db.update(fileRequests).set({ fileId: null }).where(eq(fileRequests.fileId, file.id));
    await ctx.db.delete(fileLinks).where(eq(fileLinks.fileId, file.id));
    await ctx.db.delete(fileGrants).where(eq(fileGrants.fileId, file.id));
    await ctx.db.delete(managedFiles).where(eq(managedFiles.id, file.id));
    await store.delete(stored.key);
  });
  return file;
}

export interface GrantFixture {
  fileId: string;
  conditionType: GrantConditionType;
  /** A partner's, a role's or a user's id, by conditionType. */
  targetId: string;
  /** Defaults: from an hour ago to an hour ahead. */
  from?: Date;
  to?: Date;
  downloadLimit?: number | null;
  downloadCount?: number;
  viewOnly?: boolean;
  revokedAt?: Date | null;
  note?: string;
  createdBy?: string;
}

/**
 * A grant of any condition type with explicit window, limit and view-only, inserted directly (no HTTP, no
 * validation: a test may make a grant the API would refuse, e.g. one that ended long ago). Removed with its file.
 */
export async function makeGrant(demo: Demo, grant: GrantFixture) {
  const { server, userIds } = demo;
  const now = Date.now();
  const target = {
    partnerId: grant.conditionType === 'partner' ? grant.targetId : null,
    roleId: grant.conditionType === 'role' ? grant.targetId : null,
    userId: grant.conditionType === 'user' ? grant.targetId : null,
  };
  const [row] = await server.built.ctx.db
    .insert(fileGrants)
    .values({
      fileId: grant.fileId,
      conditionType: grant.conditionType,
      ...target,
      validFrom: grant.from ?? new Date(now - HOUR),
      validTo: grant.to ?? new Date(now + HOUR),
      note: grant.note ?? '',
      downloadLimit: grant.downloadLimit ?? null,
      downloadCount: grant.downloadCount ?? 0,
      viewOnly: grant.viewOnly ?? false,
      revokedAt: grant.revokedAt ?? null,
      revokedBy: grant.revokedAt ? userIds['admin@example.com'] : null,
      createdBy: grant.createdBy ?? userIds['admin@example.com'],
    })
    .returning();
  return row;
}

/** A file with one grant on it: the start of most link tests. */
export async function makeFileWithGrant(demo: Demo, grant: Omit<GrantFixture, 'fileId'>, file: Parameters<typeof makeManagedFile>[1] = {}) {
  const made = await makeManagedFile(demo, file);
  return { file: made, grant: await makeGrant(demo, { ...grant, fileId: made.id }) };
}
