import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FileRequestStatus, GrantConditionType } from '../../../contract/files';
import { foldForSearch } from '../../../contract/fold';
import { ROLE_NAMES } from '../../../contract/roles';
import type { AppContext } from '../../context';
import { roles } from '../../db/schema';
import { demoPartnerId } from '../partners/partners.seed';
import { demoUserIds } from '../users/users.seed';
import { fileGrants, fileRequests, managedFiles } from './files.schema';

const DAY = 24 * 60 * 60 * 1000;

/** A one-page PDF with a line of text, its cross-reference table counted here so any reader opens it. */
export function demoPdf(line: string): Buffer {
  const text = line.replace(/[()\\]/g, (c) => `\\${c}`);
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 16×16 gradient PNG. */
const DEMO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAP0lEQVR42u3LIRaAIBQAQU6yZyIajUQi0UgkGjcSjUYjx+Ievj99ElkOOaVIlSaXdBlyizLlkVc+WaYIEf4bNvB6ShCPiSOSAAAAAElFTkSuQmCC',
  'base64',
);

export const DEMO_FILES = [
  { fileName: 'tax-form.pdf', contentType: 'application/pdf', bytes: demoPdf('Tax form 2026 (demo)') },
  { fileName: 'warehouse-map.png', contentType: 'image/png', bytes: DEMO_PNG },
  { fileName: 'price-list.csv', contentType: 'text/csv', bytes: Buffer.from('sku,name,price\nAC-100,Pallet wrap,12.50\nAC-200,Label roll,4.20\n') },
  {
    fileName: 'onboarding-guide.txt',
    contentType: 'text/plain',
    bytes: Buffer.from('Welcome to the Partner Portal.\nYour files are under "Accessible files".\n'),
  },
] as const;
type DemoFileName = (typeof DEMO_FILES)[number]['fileName'];

const ACME_USER = 'partner@acme.example';
const GLOBEX_USER = 'partner@globex.example';
const ADMIN = 'admin@example.com';

/** Who a demo grant names: a demo partner, a seeded role or a demo account. */
type DemoTarget = { partner: 'Acme Logistics' | 'Globex Trading' } | { role: string } | { user: string };

interface DemoGrant {
  file: DemoFileName;
  target: DemoTarget;
  /** Days from now: negative in the past. */
  fromDays: number;
  toDays: number;
  downloadLimit?: number;
  viewOnly?: boolean;
  note: string;
}

/** Past, present and future grants of each condition type. */
const DEMO_GRANTS: DemoGrant[] = [
  { file: 'tax-form.pdf', target: { partner: 'Acme Logistics' }, fromDays: -2, toDays: 5, downloadLimit: 5, note: 'For the yearly tax filing' },
  { file: 'price-list.csv', target: { partner: 'Acme Logistics' }, fromDays: -40, toDays: -10, note: "Last quarter's prices" },
  { file: 'tax-form.pdf', target: { partner: 'Globex Trading' }, fromDays: 3, toDays: 10, note: 'Opens when Globex files' },
  { file: 'onboarding-guide.txt', target: { role: ROLE_NAMES.partner }, fromDays: -1, toDays: 30, viewOnly: true, note: 'Every partner user' },
  { file: 'warehouse-map.png', target: { role: ROLE_NAMES.partnerAdmin }, fromDays: -20, toDays: -5, note: 'Old warehouse layout' },
  { file: 'price-list.csv', target: { role: ROLE_NAMES.partner }, fromDays: 7, toDays: 37, note: "Next quarter's prices" },
  { file: 'warehouse-map.png', target: { user: ACME_USER }, fromDays: -1, toDays: 14, viewOnly: true, note: 'Loading dock layout' },
  { file: 'onboarding-guide.txt', target: { user: GLOBEX_USER }, fromDays: -30, toDays: -2, note: 'First weeks' },
  { file: 'warehouse-map.png', target: { user: GLOBEX_USER }, fromDays: 2, toDays: 9, note: 'For the site visit' },
];

interface DemoRequest {
  by: typeof ACME_USER | typeof GLOBEX_USER;
  file?: DemoFileName;
  text?: string;
  reason: string;
  status: FileRequestStatus;
  decisionNote?: string;
  /** An approval's grant (to the requester's partner). */
  grant?: Omit<DemoGrant, 'file' | 'target' | 'note'>;
  ageDays: number;
}

/** A request in each state, one in words. */
const DEMO_REQUESTS: DemoRequest[] = [
  { by: ACME_USER, file: 'price-list.csv', reason: 'We need the prices for our next order', status: 'PENDING', ageDays: 1 },
  { by: ACME_USER, text: 'The signed framework agreement of 2025', reason: 'Our auditors ask for it', status: 'PENDING', ageDays: 2 },
  {
    by: GLOBEX_USER,
    file: 'onboarding-guide.txt',
    reason: 'A new colleague starts on Monday',
    status: 'APPROVED',
    decisionNote: 'Shared for two weeks',
    grant: { fromDays: -3, toDays: 11 },
    ageDays: 4,
  },
  {
    by: ACME_USER,
    file: 'warehouse-map.png',
    reason: 'To print it for the drivers',
    status: 'REJECTED',
    decisionNote: 'The map may only be viewed; ask support for a printed copy.',
    ageDays: 6,
  },
];

/**
 * The demo files of DESIGN.md "Files" a database lacks, each with its grants and requests: known by the file's
 * name (a demo file that is there, renamed or deleted since, is left as it is, and so are its grants). The free-
 * text request is known by its partner and words. Bytes go to `ctx.files.area('files')`.
 */
export async function seedDemoFiles(ctx: AppContext) {
  const { db } = ctx;
  const people = await demoUserIds(db, [ADMIN, ACME_USER, GLOBEX_USER]);
  const adminId = people.get(ADMIN);
  const partnerIds = new Map<string, string | null>();
  for (const name of ['Acme Logistics', 'Globex Trading'] as const) partnerIds.set(name, await demoPartnerId(db, name));
  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.name, Object.values(ROLE_NAMES)));
  const roleIds = new Map(roleRows.map((r) => [r.name, r.id]));
  if (!adminId) return;
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY);

  const targetOf = (target: DemoTarget): { conditionType: GrantConditionType; partnerId?: string; roleId?: string; userId?: string } | null => {
    if ('partner' in target) return partnerIds.get(target.partner) ? { conditionType: 'partner', partnerId: partnerIds.get(target.partner)! } : null;
    if ('role' in target) return roleIds.get(target.role) ? { conditionType: 'role', roleId: roleIds.get(target.role)! } : null;
    return people.get(target.user) ? { conditionType: 'user', userId: people.get(target.user)! } : null;
  };

  const store = ctx.files.area('files');
  const made = new Map<DemoFileName, string>();
  for (const demo of DEMO_FILES) {
    const [present] = await db.select({ id: managedFiles.id }).from(managedFiles).where(eq(managedFiles.fileName, demo.fileName)).limit(1);
    if (present) continue;
    const stored = await store.put(demo.bytes, { extension: demo.fileName.slice(demo.fileName.lastIndexOf('.') + 1) });
    const [row] = await db
      .insert(managedFiles)
      .values({
        fileName: demo.fileName,
        contentType: demo.contentType,
        size: stored.size,
        storageKey: stored.key,
        sha256: createHash('sha256').update(demo.bytes).digest('hex'),
        uploadedBy: adminId,
        searchText: foldForSearch(demo.fileName),
        createdAt: at(-45),
        updatedAt: at(-45),
      })
      .returning({ id: managedFiles.id });
    made.set(demo.fileName, row.id);
  }

  async function insertGrant(fileId: string, grant: Omit<DemoGrant, 'file'>, requestId: string | null = null) {
    const target = targetOf(grant.target);
    if (!target) return null;
    const [row] = await db
      .insert(fileGrants)
      .values({
        fileId,
        ...target,
        validFrom: at(grant.fromDays),
        validTo: at(grant.toDays),
        note: grant.note,
        downloadLimit: grant.downloadLimit ?? null,
        viewOnly: grant.viewOnly ?? false,
        requestId,
        createdBy: adminId!,
        createdAt: at(Math.min(grant.fromDays, 0) - 1),
      })
      .returning({ id: fileGrants.id });
    return row.id;
  }

  for (const grant of DEMO_GRANTS) {
    const fileId = made.get(grant.file);
    if (fileId) await insertGrant(fileId, grant);
  }

  for (const demo of DEMO_REQUESTS) {
    const requesterId = people.get(demo.by);
    const partnerName = demo.by === ACME_USER ? 'Acme Logistics' : 'Globex Trading';
    const partnerId = partnerIds.get(partnerName);
    if (!requesterId || !partnerId) continue;
    const fileId = demo.file ? made.get(demo.file) : null;
    if (demo.file && !fileId) continue;
    if (demo.text) {
      const [present] = await db
        .select({ id: fileRequests.id })
        .from(fileRequests)
        .where(and(eq(fileRequests.partnerId, partnerId), eq(fileRequests.requestText, demo.text), isNull(fileRequests.fileId)))
        .limit(1);
      if (present) continue;
    }
    const decided = demo.status !== 'PENDING';
    const [request] = await db
      .insert(fileRequests)
      .values({
        fileId: fileId ?? null,
        requestText: demo.text ?? '',
        reason: demo.reason,
        status: demo.status,
        partnerId,
        requestedBy: requesterId,
        decidedBy: decided ? adminId : null,
        decidedAt: decided ? at(-demo.ageDays + 0.5) : null,
        decisionNote: demo.decisionNote ?? '',
        searchText: foldForSearch([demo.text, demo.reason, demo.file, partnerName].filter(Boolean).join(' ')),
        createdAt: at(-demo.ageDays),
        updatedAt: at(-demo.ageDays + (decided ? 0.5 : 0)),
      })
      .returning({ id: fileRequests.id });
    if (demo.grant && fileId) {
      const grantId = await insertGrant(fileId, { ...demo.grant, target: { partner: partnerName }, note: demo.decisionNote ?? '' }, request.id);
      await db.update(fileRequests).set({ grantId }).where(eq(fileRequests.id, request.id));
    }
  }
}
