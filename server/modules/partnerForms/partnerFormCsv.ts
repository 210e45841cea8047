import { desc, eq } from 'drizzle-orm';
import type { AnswerFile, Answers, FormQuestion } from '../../../contract/forms';
import { staffPartnerFormFileRoute } from '../../../contract/partnerForms';
import { answerRows, isAnswerable, ownAnswer, placedQuestions, rowAnswer } from '../../../contract/answers';
import type { Language } from '../../../contract/http';
import type { PartnerFormSearchInput } from '../../../contract/schemas/partnerForms';
import type { CsvColumn } from '../../core/csv';
import { fieldError } from '../../core/errors';
import { translate } from '../../core/i18n';
import type { Db } from '../../db/client';
import { formVersions } from '../../db/schema';
import { answerCell, answerWordsOf, KEY_WORDS, type AnswerWords } from './partnerFormAnswerText';
import type { PartnerFormCsvRow } from './partnerFormSearch';

/** What the header row names: the question text (the default, for people) or the question key (for scripts). */
export const CSV_HEADER_MODES = ['labels', 'keys'] as const;
export type CsvHeaderMode = (typeof CSV_HEADER_MODES)[number];

/** `headers` of the export's query, checked; the rest of the query is the search. */
export function csvHeaderModeOf(query: Record<string, string | string[]>): { mode: CsvHeaderMode; search: Record<string, string | string[]> } {
  const { headers, ...search } = query ?? {};
  if (headers === undefined) return { mode: 'labels', search };
  if (!(CSV_HEADER_MODES as readonly unknown[]).includes(headers)) throw fieldError('headers', 'partnerFormsApi.csv.headersUnknown');
  return { mode: headers as CsvHeaderMode, search };
}

type FixedField = 'id' | 'partner' | 'form' | 'version' | 'status' | 'filled' | 'total' | 'required' | 'createdAt' | 'updatedAt' | 'submittedAt' | 'note';

const FIXED: [FixedField, (row: PartnerFormCsvRow) => unknown][] = [
  ['id', (row) => row.id],
  ['partner', (row) => row.partnerName],
  ['form', (row) => row.formName],
  ['version', (row) => row.formVersionNumber],
  ['status', (row) => row.status],
  ['filled', (row) => row.filledCount],
  ['total', (row) => row.totalFields],
  ['required', (row) => row.requiredFields],
  ['createdAt', (row) => row.createdAt],
  ['updatedAt', (row) => row.updatedAt],
  ['submittedAt', (row) => row.submittedAt],
  ['note', (row) => row.note],
];

/**
 * Each question key of the form exported, as the newest version that has it states it (its label, the header;
 * its type and limits, how its answers are written). Forms are written in one language, so the text is the form's own.
 */
export async function exportedQuestionsOf(db: Db, input: Pick<PartnerFormSearchInput, 'definitionId' | 'formId'>): Promise<Map<string, ExportedQuestion>> {
  const where = input.formId ? eq(formVersions.id, input.formId) : input.definitionId ? eq(formVersions.definitionId, input.definitionId) : undefined;
  if (!where) throw fieldError('definitionId', 'partnerFormsApi.exportNeedsForm');
  const versions = await db.select({ sections: formVersions.sections }).from(formVersions).where(where).orderBy(desc(formVersions.versionNumber));
  const questions = new Map<string, ExportedQuestion>();
  for (const version of versions) {
    const groups = new Map(version.sections.flatMap((section) => section.questions.map((question) => [question.key, question])));
    for (const { question, rowsOf } of placedQuestions(version.sections))
      if (isAnswerable(question) && !questions.has(question.key))
        questions.set(question.key, { question, rowsOf: rowsOf === null ? null : (groups.get(rowsOf) ?? null) });
  }
  return questions;
}

/** A question exported, with the repeating group whose rows hold its answers (null: it has its own). */
export interface ExportedQuestion {
  question: FormQuestion;
  rowsOf: FormQuestion | null;
}

/**
 * A cell of a repeating group's child: each row's answer on its own line, in row order, numbered for people
 * ("1. Ann"), bare for scripts (line n is row n, an empty line an unanswered row). The group's own cell is its number of rows.
 */
function rowsCell(answers: Answers, { question, rowsOf }: ExportedQuestion & { rowsOf: FormQuestion }, words: AnswerWords, numbered: boolean) {
  return answerRows(ownAnswer(answers, rowsOf.key))
    .map((row, index) => {
      const cell = answerCell(rowAnswer(row, question.key), words, question).replace(/\n/g, '; ');
      return numbered ? `${index + 1}. ${cell}` : cell;
    })
    .join('\n');
}

/** A file as a line of the cell: "name <link>", the link being the app's page that opens the file through the same
 * access rules as the partner form (signed out: sign in; without access: not found). */
const fileLink = (partnerFormId: string, publicUrl: string) => (file: AnswerFile) =>
  `${file.name} <${publicUrl}${staffPartnerFormFileRoute(partnerFormId, file.id)}>`;

export interface PartnerFormCsvOptions {
  questionKeys: string[];
  questions: Map<string, ExportedQuestion>;
  mode: CsvHeaderMode;
  language: Language;
  publicUrl: string;
}

/**
 * The export's columns: the partner form's own, then one per question key. Headers are the question text in
 * `labels` mode (the fixed ones in the reader's language), the keys in `keys` mode; file answers are links.
 */
export const partnerFormCsvColumns = ({ questionKeys, questions, mode, language, publicUrl }: PartnerFormCsvOptions): CsvColumn<PartnerFormCsvRow>[] => [
  ...FIXED.map(([field, value]) => ({ header: mode === 'keys' ? field : translate(language, `partnerFormsApi.csv.${field}`), value })),
  ...questionKeys.map((key) => {
    const exported = questions.get(key);
    const rowsOf = exported?.rowsOf ?? null;
    return {
      header:
        mode === 'keys'
          ? rowsOf
            ? `${rowsOf.key}.${key}`
            : key
          : rowsOf
            ? `${rowsOf.label} › ${exported?.question.label}`
            : (exported?.question.label ?? key),
      value: (row: PartnerFormCsvRow) => {
        const file = fileLink(row.id, publicUrl);
        const words = mode === 'keys' ? { ...KEY_WORDS, file } : answerWordsOf(language, file);
        if (exported && rowsOf) return rowsCell(row.answers, { ...exported, rowsOf }, words, mode === 'labels');
        return answerCell(ownAnswer(row.answers, key), words, exported?.question);
      },
    };
  }),
];
