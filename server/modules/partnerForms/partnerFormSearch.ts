import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PagedResult } from '../../../contract/envelope';
import type { Answers, FormSection, PartnerFormDto } from '../../../contract/forms';
import { placedQuestions, isAnswerable, shownAnswers } from '../../../contract/answers';
import { permission } from '../../../contract/permissions';
import type { PartnerFormSearchInput } from '../../../contract/schemas/partnerForms';
import type { Db } from '../../db/client';
import { formVersions, partnerForms, partners } from '../../db/schema';
import { fieldError } from '../../core/errors';
import type { Principal } from '../../core/guard';
import {
  containsFolded,
  containsFoldedIn,
  countOf,
  idsFilter,
  keysetBatches,
  keysetOrder,
  keywordWhere,
  orderByOf,
  readPage,
  type KeywordMatchers,
  type SortColumns,
} from '../../core/search';
import { partnerFormDtoQuery, toPartnerFormDto } from './partnerFormDtos';
import { ownPartnerRows } from '../../core/partnerIsolation';

const ADMIN_VIEW = permission('PartnerForm', 'AdminView');

/**
 * Partner isolation: a partner's users reach only its partner forms; staff need PartnerForm.AdminView to reach
 * any. Outside the scope a partner form answers 404.
 */
export const partnerFormScope = ownPartnerRows(partnerForms.partnerId, ADMIN_VIEW);

/** What an export sorts by (keyset paging: columns without nulls). */
const exportSortable = {
  id: partnerForms.id,
  status: partnerForms.status,
  note: partnerForms.note,
  totalFields: partnerForms.totalFields,
  requiredFields: partnerForms.requiredFields,
  filledCount: partnerForms.filledCount,
  createdAt: partnerForms.createdAt,
  updatedAt: partnerForms.updatedAt,
  partnerName: partners.name,
};

/** What a page sorts by: every scalar field of PartnerFormDto but `outdated` (contract/apiResources.ts), over partnerFormDtoQuery's joins. */
const sortable: SortColumns = {
  ...exportSortable,
  partnerId: partnerForms.partnerId,
  formId: partnerForms.formId,
  definitionId: partnerForms.definitionId,
  formName: formVersions.name,
  formVersionNumber: formVersions.versionNumber,
  versionDecision: partnerForms.versionDecision,
  submittedAt: partnerForms.submittedAt,
  dueAt: partnerForms.dueAt,
};

/** The fields a keyword may be limited to (`advancedSearch.fields`); read without the joins, since the count has none. */
const keywordMatchers: KeywordMatchers = {
  formName: (keyword) => containsFoldedIn(sql`(select ${formVersions.name} from ${formVersions} where ${formVersions.id} = ${partnerForms.formId})`, keyword),
  partnerName: (keyword) => containsFoldedIn(sql`(select ${partners.name} from ${partners} where ${partners.id} = ${partnerForms.partnerId})`, keyword),
};

/** Open (not locked, not submitted) and past its due date (the filter `overdue`). */
const overdueCondition = () => and(eq(partnerForms.status, 'OPEN'), sql`${partnerForms.dueAt} < now()`)!;

function searchWhere(principal: Principal, input: PartnerFormSearchInput) {
  return and(
    partnerFormScope(principal),
    keywordWhere(input, keywordMatchers, (keyword) => containsFolded(partnerForms.searchText, keyword)),
    input.status ? eq(partnerForms.status, input.status) : undefined,
    input.partnerId ? eq(partnerForms.partnerId, input.partnerId) : undefined,
    input.formId ? eq(partnerForms.formId, input.formId) : undefined,
    input.definitionId ? eq(partnerForms.definitionId, input.definitionId) : undefined,
    input.overdue === undefined ? undefined : input.overdue ? overdueCondition() : sql`not coalesce(${overdueCondition()}, false)`,
    idsFilter(partnerForms.id, input.ids),
  );
}

/** A page of the partner forms a search finds within the caller's reach, with the total. */
export async function searchPartnerForms(db: Db, principal: Principal, input: PartnerFormSearchInput): Promise<PagedResult<PartnerFormDto>> {
  const where = searchWhere(principal, input);
  return readPage(input, countOf(db, partnerForms, where), async ({ limit, offset }) =>
    (
      await partnerFormDtoQuery(db)
        .where(where)
        .orderBy(...orderByOf(input.orderBy, sortable, [desc(partnerForms.updatedAt)]), partnerForms.id)
        .limit(limit)
        .offset(offset)
    ).map(toPartnerFormDto),
  );
}

/** The question keys of the versions exported, newest version first, each key once, in form order. */
export function questionColumnsOf(versions: { sections: FormSection[] }[]): string[] {
  const keys = new Set<string>();
  for (const version of versions) for (const { question } of placedQuestions(version.sections)) if (isAnswerable(question)) keys.add(question.key);
  return [...keys];
}

/** One line of the CSV export: the answers are those shown (conditions applied). */
export interface PartnerFormCsvRow {
  id: string;
  partnerName: string;
  formName: string;
  formVersionNumber: number;
  status: string;
  filledCount: number;
  totalFields: number;
  requiredFields: number;
  note: string;
  createdAt: Date;
  updatedAt: Date;
  submittedAt: Date | null;
  answers: Answers;
}

const exportColumns = {
  id: partnerForms.id,
  partnerName: partners.name,
  formName: formVersions.name,
  formVersionNumber: formVersions.versionNumber,
  status: partnerForms.status,
  filledCount: partnerForms.filledCount,
  totalFields: partnerForms.totalFields,
  requiredFields: partnerForms.requiredFields,
  note: partnerForms.note,
  createdAt: partnerForms.createdAt,
  updatedAt: partnerForms.updatedAt,
  submittedAt: partnerForms.submittedAt,
  answers: partnerForms.answers,
  formId: partnerForms.formId,
};

/**
 * Every partner form of one definition (or one version) a search finds, in batches read by keyset, with the
 * question keys of the versions they hold (the CSV's answer columns). A whole-portal export would have no
 * meaningful columns, so a form is required.
 */
export async function exportPartnerFormRows(db: Db, principal: Principal, input: PartnerFormSearchInput) {
  if (!input.definitionId && !input.formId) throw fieldError('definitionId', 'partnerFormsApi.exportNeedsForm');
  const where = searchWhere(principal, input);
  const versionIds = db.selectDistinct({ formId: partnerForms.formId }).from(partnerForms).where(where);
  const versions = await db
    .select({ id: formVersions.id, sections: formVersions.sections })
    .from(formVersions)
    .where(inArray(formVersions.id, versionIds))
    .orderBy(desc(formVersions.versionNumber));
  const sectionsOf = new Map(versions.map((version) => [version.id, version.sections]));
  const key = keysetOrder(input.orderBy, exportSortable, 'createdAt asc', partnerForms.id);
  const batches = keysetBatches(
    key,
    ({ after, order, limit }) =>
      db
        .select(exportColumns)
        .from(partnerForms)
        .innerJoin(partners, eq(partners.id, partnerForms.partnerId))
        .innerJoin(formVersions, eq(formVersions.id, partnerForms.formId))
        .where(and(where, after))
        .orderBy(...order)
        .limit(limit),
    ({ formId, answers, ...row }): PartnerFormCsvRow => ({ ...row, answers: shownAnswers(sectionsOf.get(formId) ?? [], answers) }),
  );
  return { total: await countOf(db, partnerForms, where), questionKeys: questionColumnsOf(versions), batches };
}
