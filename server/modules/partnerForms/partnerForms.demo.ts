import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AnswerFile, Answers, PartnerFormStatus } from '../../../contract/forms';
import type { AppContext } from '../../context';
import type { DemoFormName } from '../formDefinitions/demoFormSections';
import { demoFormVersions } from '../formDefinitions/formDefinitions.demo';
import { demoPartnerId } from '../partners/partners.seed';
import { demoUserIds } from '../users/users.seed';
import { partnerFormColumns } from './partnerFormColumns';
import { partnerFormFileStore } from './partnerFormFiles';
import { partnerFormFiles, partnerForms } from './partnerForms.schema';

const DAY = 24 * 60 * 60 * 1000;
const STAFF_USER = 'admin@example.com';

/** A one-page PDF and a 1×1 PNG: the smallest files of accepted types, as stand-in scans. */
const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Makes a file answer (and remembers the file, to store it and write its row). */
type FileAnswer = (name: string) => AnswerFile;

export interface DemoPartnerForm {
  partnerName: 'Acme Logistics' | 'Globex Trading';
  partnerUser: string;
  form: DemoFormName;
  versionNumber: number;
  status: PartnerFormStatus;
  /** Staff assigned it, or an onboarding rule did (onboardingRules.demo.ts records the firing). */
  assignedBy: 'staff' | 'sequence';
  assignedDaysAgo: number;
  lastChangedDaysAgo: number;
  submittedDaysAgo?: number;
  note: string;
  answers(file: FileAnswer): Answers;
}

const ACME = { partnerName: 'Acme Logistics', partnerUser: 'partner@acme.example' } as const;
const GLOBEX = { partnerName: 'Globex Trading', partnerUser: 'partner@globex.example' } as const;

/**
 * Both demo partners have a partner form in every status (OPEN with some answers, LOCKED, SUBMITTED); Globex's
 * OPEN one is on the Outdate version of "Company profile" (what "migrate the draft" is for). A partner has at most
 * one form per definition that is not SUBMITTED.
 */
export const DEMO_PARTNER_FORMS: DemoPartnerForm[] = [
  {
    ...ACME,
    form: 'Company profile',
    versionNumber: 2,
    status: 'SUBMITTED',
    assignedBy: 'staff',
    assignedDaysAgo: 18,
    lastChangedDaysAgo: 15,
    submittedDaysAgo: 15,
    note: '',
    answers: (file) => ({
      companyName: 'Acme Logistics',
      taxNumber: '0201234567',
      companyType: 'Joint-stock company',
      foundedYear: '2009',
      street: '12 Harbour Road',
      city: 'Hải Phòng',
      postcode: '180000',
      hasBranches: true,
      branchCount: '2',
      phone: '+84 225 555 0101',
      email: 'contact@acme.example',
      industries: ['Logistics'],
      businessLicence: file('acme-business-registration.pdf'),
      otherDocuments: [file('acme-brochure.pdf')],
    }),
  },
  {
    ...ACME,
    form: 'Bank details',
    versionNumber: 1,
    status: 'OPEN',
    assignedBy: 'sequence',
    assignedDaysAgo: 15,
    lastChangedDaysAgo: 2,
    note: '',
    // The account number has spaces: a draft keeps it; Submit will point at it.
    answers: () => ({
      bankName: 'Vietcombank',
      accountHolder: 'CONG TY CP ACME LOGISTICS',
      accountNumber: '0011 0023 45',
      currency: 'VND',
      foreignBank: false,
    }),
  },
  {
    ...ACME,
    form: 'Contact persons',
    versionNumber: 1,
    status: 'LOCKED',
    assignedBy: 'staff',
    assignedDaysAgo: 10,
    lastChangedDaysAgo: 4,
    note: 'Locked while we confirm your billing contact by phone.',
    answers: () => ({
      mainName: 'Trần Thị Mai',
      mainPhone: '0912 555 010',
      mainEmail: 'mai.tran@acme.example',
      preferredLanguage: 'Tiếng Việt',
      separateBilling: true,
    }),
  },
  {
    ...GLOBEX,
    form: 'Company profile',
    versionNumber: 1,
    status: 'OPEN',
    assignedBy: 'staff',
    assignedDaysAgo: 40,
    lastChangedDaysAgo: 22,
    note: '',
    answers: () => ({
      companyName: 'Globex Trading',
      taxNumber: '030123456',
      companyType: 'Limited liability company',
      street: '88 Nguyễn Huệ, Quận 1',
      city: 'Hồ Chí Minh',
      hasBranches: false,
      phone: '028 555 0202',
      fax: '028 555 0203',
      industries: ['Trading', 'Other'],
    }),
  },
  {
    ...GLOBEX,
    form: 'Bank details',
    versionNumber: 1,
    status: 'LOCKED',
    assignedBy: 'staff',
    assignedDaysAgo: 12,
    lastChangedDaysAgo: 6,
    note: 'Locked: the account holder does not match your registered name. Our finance team will call you.',
    answers: (file) => ({
      bankName: 'HSBC Việt Nam',
      accountHolder: 'GLOBEX TRADING CO LTD',
      accountNumber: '001234567890',
      currency: 'USD',
      foreignBank: false,
      paymentMethods: ['Bank transfer'],
      signatoryName: 'Lê Văn Hùng',
      signatoryPhone: '0913 555 020',
      bankLetter: file('globex-bank-letter.pdf'),
    }),
  },
  {
    ...GLOBEX,
    form: 'Contact persons',
    versionNumber: 1,
    status: 'SUBMITTED',
    assignedBy: 'staff',
    assignedDaysAgo: 35,
    lastChangedDaysAgo: 30,
    submittedDaysAgo: 30,
    note: '',
    answers: (file) => ({
      mainName: 'Lê Văn Hùng',
      mainPhone: '+84 913 555 020',
      mainEmail: 'hung.le@globex.example',
      preferredLanguage: 'English',
      separateBilling: true,
      billingEmail: 'billing@globex.example',
      contactTimes: ['Morning', 'Afternoon'],
      businessCards: [file('globex-business-card.png')],
    }),
  },
];

/**
 * The demo partner forms a database lacks, with their answers and files. One is known by its partner and
 * definition: when the partner has any partner form of that definition, nothing is added. A demo partner,
 * account or form version that is not there has no demo partner forms.
 */
export async function seedDemoPartnerForms(ctx: AppContext) {
  const { db } = ctx;
  const userIds = await demoUserIds(db, [STAFF_USER, ACME.partnerUser, GLOBEX.partnerUser]);
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * DAY);
  for (const demo of DEMO_PARTNER_FORMS) {
    const partnerId = await demoPartnerId(db, demo.partnerName);
    const uploadedBy = userIds.get(demo.partnerUser);
    const version = (await demoFormVersions(db, demo.form)).get(demo.versionNumber);
    if (!partnerId || !uploadedBy || !version || version.status === 'Editing') continue;
    const [present] = await db
      .select({ id: partnerForms.id })
      .from(partnerForms)
      .where(and(eq(partnerForms.partnerId, partnerId), eq(partnerForms.definitionId, version.definitionId)))
      .limit(1);
    if (present) continue;

    const bytesById = new Map<string, Buffer>();
    const answers = demo.answers((name) => {
      const png = name.endsWith('.png');
      const bytes = png ? TINY_PNG : TINY_PDF;
      const id = randomUUID();
      bytesById.set(id, bytes);
      return { id, name, type: png ? 'image/png' : 'application/pdf', size: bytes.length };
    });
    const [row] = await db
      .insert(partnerForms)
      .values({
        partnerId,
        formId: version.id,
        definitionId: version.definitionId,
        status: demo.status,
        answers,
        note: demo.note,
        assignedBy: demo.assignedBy === 'staff' ? (userIds.get(STAFF_USER) ?? null) : null,
        ...partnerFormColumns(version.sections, answers, { formName: version.name, partnerName: demo.partnerName }),
        submittedAt: demo.submittedDaysAgo === undefined ? null : daysAgo(demo.submittedDaysAgo),
        createdAt: daysAgo(demo.assignedDaysAgo),
        updatedAt: daysAgo(demo.lastChangedDaysAgo),
      })
      .returning({ id: partnerForms.id });
    const fileAnswers = Object.entries(answers).flatMap(([questionKey, value]) =>
      (Array.isArray(value) ? value : [value])
        .filter((item): item is AnswerFile => typeof item === 'object' && item !== null)
        .map((file) => ({ questionKey, file })),
    );
    for (const { questionKey, file } of fileAnswers) {
      const { key } = await partnerFormFileStore(ctx.files).put(bytesById.get(file.id)!, { extension: file.name.split('.').pop() });
      await db.insert(partnerFormFiles).values({
        ...file,
        partnerFormId: row.id,
        questionKey,
        storageName: key,
        uploadedBy,
        createdAt: daysAgo(demo.lastChangedDaysAgo),
      });
    }
  }
}
