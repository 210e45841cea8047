import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import {
  answerRows,
  isRepeatingGroup,
  isSignatureAnswer,
  ownAnswer,
  rowAnswer,
  rowCellPath,
  rowsLayout,
  rowVisibleKeys,
  visibleQuestionKeys,
} from '../../../contract/answers';
import type { AnswerValue, FormQuestion } from '../../../contract/forms';
import type { Language } from '../../../contract/http';
import { translate } from '../../core/i18n';
import { answerLines, answerWordsOf, type AnswerWords } from './partnerFormAnswerText';
import type { PartnerFormDocument } from './partnerFormPdfDocument';
import { writeSignature } from './partnerFormPdfSignature';

/**
 * DejaVu Sans (every Vietnamese letter), found through its package wherever the server runs from (the sources or
 * the compiled bundle), read once: each document embeds only the glyphs it uses.
 */
const { resolve } = createRequire(import.meta.url);
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  // A typed signature's name.
  italic: 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf',
} as const;
let fonts: Record<keyof typeof FONT_FILES, Buffer> | undefined;
const fontsOnce = () =>
  (fonts ??= {
    regular: readFileSync(resolve(FONT_FILES.regular)),
    bold: readFileSync(resolve(FONT_FILES.bold)),
    italic: readFileSync(resolve(FONT_FILES.italic)),
  });

/**
 * How much is laid out between two yields to the event loop, so other requests are served meanwhile: about
 * 8,000 characters (a question counts as 400 beside its text), a few milliseconds of work.
 */
const CHARACTERS_PER_TURN = 8_000;
const QUESTION_WEIGHT = 400;

const COLOURS = { text: '#1a1a1a', muted: '#5f6368', comment: '#8a4b00', rule: '#c4c7c5' };
const SIZES = { title: 18, section: 14, group: 11.5, body: 10.5, small: 9 };
const INDENT = 14;

/**
 * A partner form as a PDF in the reader's language: the form's name and version, the partner, the status, the
 * note, then each section with the questions the partner sees (conditions applied), each answer as a person
 * reads it (shared with the CSV) and staff's comment under its question. Laid out a few thousand characters at a
 * time, awaiting `nextTurn` between (the worker sends what was made and waits while the reader is behind); its
 * bytes flow out of the document as they are made.
 */
export function layOutPartnerFormPdf(document: PartnerFormDocument, language: Language, nextTurn: () => Promise<void>): PDFKit.PDFDocument {
  const { partnerForm } = document;
  const { regular, bold, italic } = fontsOnce();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: language,
    displayTitle: true,
    info: { Title: partnerForm.formName, Subject: partnerForm.partnerName, Creator: 'Partner Portal' },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.registerFont('italic', italic);
  layOut(doc, document, language, nextTurn).then(
    () => doc.destroyed || doc.end(),
    (error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return doc;
}

async function layOut(
  doc: PDFKit.PDFDocument,
  { partnerForm, sections, answers, comments }: PartnerFormDocument,
  language: Language,
  nextTurn: () => Promise<void>,
) {
  const t = (key: string, values?: Record<string, unknown>) => translate(language, key, values);
  const when = dateFormatOf(language);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font('bold').fontSize(SIZES.title).fillColor(COLOURS.text).text(partnerForm.formName, { width });
  doc.moveDown(0.5);
  const facts: [string, string][] = [
    [t('partnerFormsApi.csv.partner'), partnerForm.partnerName],
    [t('partnerFormsApi.csv.version'), String(partnerForm.formVersionNumber)],
    [t('partnerFormsApi.csv.status'), t(`partnerFormsApi.pdf.statuses.${partnerForm.status}`)],
    [t('partnerFormsApi.csv.filled'), t('partnerFormsApi.pdf.answered', { filled: partnerForm.filledCount, total: partnerForm.totalFields })],
    [t('partnerFormsApi.csv.createdAt'), when(partnerForm.createdAt)],
    ...(partnerForm.submittedAt ? [[t('partnerFormsApi.csv.submittedAt'), when(partnerForm.submittedAt)] as [string, string]] : []),
    [t('partnerFormsApi.csv.updatedAt'), when(partnerForm.updatedAt)],
    ...(partnerForm.dueAt ? [[t('partnerFormsApi.pdf.dueAt'), when(partnerForm.dueAt)] as [string, string]] : []),
    ...(partnerForm.review
      ? [
          [
            t('partnerFormsApi.pdf.review'),
            t('partnerFormsApi.pdf.reviewRound', { round: partnerForm.review.round, state: t(`partnerFormsApi.pdf.reviewStates.${partnerForm.review.state}`) }),
          ] as [string, string],
        ]
      : []),
    ...(partnerForm.note.trim() ? [[t('partnerFormsApi.csv.note'), partnerForm.note] as [string, string]] : []),
  ];
  for (const [label, value] of facts) {
    doc.font('bold').fontSize(SIZES.body).fillColor(COLOURS.muted).text(`${label}: `, { continued: true, width });
    doc.font('regular').fillColor(COLOURS.text).text(value, { width });
  }
  doc
    .font('regular')
    .fontSize(SIZES.small)
    .fillColor(COLOURS.muted)
    .text(t('partnerFormsApi.pdf.generated', { date: when(new Date().toISOString()) }), { width });

  const words = answerWordsOf(language);
  const layout = rowsLayout(sections);
  const visible = visibleQuestionKeys(sections, answers, layout);
  // A review in force names its flagged questions' comments as flags (they are the partner form's comments too).
  const flagged = partnerForm.review && partnerForm.review.state !== 'accepted' ? new Set(Object.keys(partnerForm.review.flags)) : new Set<string>();
  const lines = {
    words,
    notAnswered: t('partnerFormsApi.pdf.notAnswered'),
    comment: t('partnerFormsApi.pdf.comment'),
    flag: t('partnerFormsApi.pdf.flagged'),
    flagged,
    language,
  };
  let laidOut = 0;
  for (const section of sections) {
    doc.moveDown(1);
    rule(doc, width);
    doc.moveDown(0.5);
    doc.font('bold').fontSize(SIZES.section).fillColor(COLOURS.text).text(section.title, { width });
    doc.moveDown(0.3);
    for (const question of section.questions) {
      if (!visible.has(question.key)) continue;
      const write = (asked: FormQuestion, value: AnswerValue | undefined, path: string, indent: number) =>
        writeQuestion(doc, asked, value, path, comments, lines, indent, width);
      if (question.type === 'group') {
        doc.moveDown(0.4);
        doc.font('bold').fontSize(SIZES.group).fillColor(COLOURS.text).text(question.label, { width });
        laidOut += QUESTION_WEIGHT;
        if (isRepeatingGroup(question)) {
          // A block per row, its shown answers under "Row n"; a group without rows says so.
          const rows = answerRows(ownAnswer(answers, question.key));
          if (!rows.length)
            doc
              .font('regular')
              .fontSize(SIZES.body)
              .fillColor(COLOURS.muted)
              .text(lines.notAnswered, doc.page.margins.left + INDENT, undefined, { width: width - INDENT });
          rows.forEach((row, index) => {
            const shown = rowVisibleKeys(question, row, answers, visible, layout);
            doc.moveDown(0.3);
            doc
              .font('bold')
              .fontSize(SIZES.body)
              .fillColor(COLOURS.muted)
              .text(t('partnerFormsApi.pdf.row', { row: index + 1 }), doc.page.margins.left + INDENT, undefined, { width: width - INDENT });
            for (const child of question.children)
              if (shown.has(child.key)) laidOut += write(child, rowAnswer(row, child.key), rowCellPath(question.key, index, child.key), 2 * INDENT);
          });
          doc.x = doc.page.margins.left;
        } else for (const child of question.children) if (visible.has(child.key)) laidOut += write(child, ownAnswer(answers, child.key), child.key, INDENT);
      } else laidOut += write(question, ownAnswer(answers, question.key), question.key, 0);
      if (laidOut >= CHARACTERS_PER_TURN) {
        laidOut = 0;
        await nextTurn();
        // The reader went away (the answer's stream was destroyed): nothing more to lay out.
        if (doc.destroyed) return;
      }
    }
  }
}

function writeQuestion(
  doc: PDFKit.PDFDocument,
  question: FormQuestion,
  value: AnswerValue | undefined,
  path: string,
  comments: Record<string, string>,
  {
    words,
    notAnswered,
    comment,
    flag,
    flagged,
    language,
  }: { words: AnswerWords; notAnswered: string; comment: string; flag: string; flagged: Set<string>; language: Language },
  indent: number,
  width: number,
): number {
  const x = doc.page.margins.left + indent;
  const inner = width - indent;
  doc.moveDown(0.4);
  doc
    .font('bold')
    .fontSize(SIZES.body)
    .fillColor(COLOURS.text)
    .text(`${question.label}${question.required ? ' *' : ''}`, x, undefined, { width: inner });
  const signature = question.type === 'signature' && isSignatureAnswer(value);
  const answer = signature ? [] : answerLines(value, words, question);
  let signed = 0;
  if (signature)
    signed = writeSignature(doc, value, x + INDENT, inner - INDENT, {
      language,
      locale: words.locale ?? 'en-GB',
      fonts: { regular: 'regular', italic: 'italic' },
      sizes: SIZES,
    });
  else if (answer.length)
    doc
      .font('regular')
      .fillColor(COLOURS.text)
      .text(answer.join('\n'), x + INDENT, undefined, { width: inner - INDENT });
  else
    doc
      .font('regular')
      .fillColor(COLOURS.muted)
      .text(notAnswered, x + INDENT, undefined, { width: inner - INDENT });
  const said = Object.hasOwn(comments, path) ? comments[path]?.trim() : '';
  if (said) {
    doc
      .font('bold')
      .fontSize(SIZES.small)
      .fillColor(COLOURS.comment)
      .text(`${flagged.has(path) ? flag : comment}: `, x + INDENT, undefined, { width: inner - INDENT, continued: true });
    doc.font('regular').text(said, { width: inner - INDENT });
    doc.fontSize(SIZES.body);
  }
  doc.x = doc.page.margins.left;
  // What was laid out, for the turn's budget.
  return QUESTION_WEIGHT + question.label.length + signed + answer.reduce((sum, line) => sum + line.length, 0) + (said?.length ?? 0);
}

function rule(doc: PDFKit.PDFDocument, width: number) {
  const y = doc.y;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.margins.left + width, y)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
}

/** Dates as a person reads them in the reader's language, in UTC (the server does not know the reader's zone), said so. */
function dateFormatOf(language: Language) {
  const format = new Intl.DateTimeFormat(language === 'vi' ? 'vi-VN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return (iso: string) => `${format.format(new Date(iso))} UTC`;
}
