// npm run bench:pdf: what one partner form PDF costs (GET /partner-forms/{id}/pdf), in process, no database:
// the largest demo partner form, a large synthetic form and the largest a form may be (SECTIONS_MAX sections of
// QUESTIONS_PER_SECTION_MAX questions, every text answer TEXT_ANSWER_MAX long). Prints ms per PDF, bytes, pages
// and the longest the event loop was held (what another request waits for at most meanwhile).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Answers, AnswerValue, FormQuestion, FormSection, PartnerFormDto, QuestionType } from '../contract/forms';
import { QUESTIONS_PER_SECTION_MAX, SECTIONS_MAX, TEXT_ANSWER_MAX } from '../contract/forms';
import { DEMO_FORM_DEFINITIONS } from '../server/modules/formDefinitions/demoFormSections';
import { resolvedSections } from '../server/modules/formDefinitions/formDefinitions.demo';
import { DEMO_PARTNER_FORMS } from '../server/modules/partnerForms/partnerForms.demo';
import { partnerFormPdf, type PartnerFormDocument } from '../server/modules/partnerForms/partnerFormPdf';

const now = new Date().toISOString();
const factsOf = (formName: string, partnerName: string): PartnerFormDto => ({
  id: 'bench',
  partnerId: 'bench',
  partnerName,
  formId: 'bench',
  definitionId: 'bench',
  formName,
  formVersionNumber: 1,
  status: 'SUBMITTED',
  note: 'Vui lòng kiểm tra lại số tài khoản ngân hàng.',
  totalFields: 0,
  requiredFields: 0,
  filledCount: 0,
  outdated: false,
  submittedAt: now,
  dueAt: null,
  createdAt: now,
  updatedAt: now,
});

/** The demo partner form with the most questions, with its answers (files by name). */
function largestDemoForm(): PartnerFormDocument {
  const documents = DEMO_PARTNER_FORMS.map((demo) => {
    const definition = DEMO_FORM_DEFINITIONS.find((d) => d.name === demo.form)!;
    const sections = resolvedSections(definition.versions[demo.versionNumber - 1].sections, new Map());
    const answers = demo.answers((name) => ({ id: name, name, type: 'application/pdf', size: 1000 }));
    return { partnerForm: factsOf(demo.form, demo.partnerName), sections, answers, comments: {} };
  });
  const size = (d: PartnerFormDocument) => d.sections.reduce((n, s) => n + s.questions.reduce((m, q) => m + 1 + q.children.length, 0), 0);
  return documents.sort((a, b) => size(b) - size(a))[0];
}

const TYPES: QuestionType[] = ['text', 'text', 'yesNo', 'select', 'multiple', 'file', 'files'];
const question = (key: string, type: QuestionType): FormQuestion => ({
  key,
  type,
  label: `Câu hỏi ${key}: thông tin đăng ký doanh nghiệp của đối tác`,
  help: '',
  required: true,
  options: type === 'select' || type === 'multiple' ? ['Hà Nội', 'Hồ Chí Minh', 'Đà Nẵng'] : [],
  ruleId: null,
  rule: null,
  condition: null,
  children: [],
});

/** `sections` × `perSection` questions of every type, each answered; text answers `textLength` long, every tenth commented. */
function syntheticForm(sectionCount: number, perSection: number, textLength: number): PartnerFormDocument {
  const words = 'Công ty TNHH Thương mại Đông Á, số 12 đường Lê Lợi, quận Hải Châu. ';
  const text = words.repeat(Math.ceil(textLength / words.length)).slice(0, textLength);
  const answers: Answers = {};
  const comments: Record<string, string> = {};
  const sections: FormSection[] = Array.from({ length: sectionCount }, (_, s) => ({
    key: `s${s}`,
    title: `Phần ${s + 1}: hồ sơ công ty`,
    questions: Array.from({ length: perSection }, (_, q) => {
      const type = TYPES[q % TYPES.length];
      const key = `q${s}_${q}`;
      const file = { id: key, name: `giấy-phép-${key}.pdf`, type: 'application/pdf', size: 1000 };
      const values: Record<QuestionType, AnswerValue> = {
        text,
        yesNo: q % 2 === 0,
        select: 'Hà Nội',
        multiple: ['Hà Nội', 'Đà Nẵng'],
        file,
        files: [file, { ...file, id: `${key}b`, name: `ảnh-${key}.png` }],
        group: null,
      };
      answers[key] = values[type];
      if (q % 10 === 0) comments[key] = 'Vui lòng sửa lại câu trả lời này.';
      return question(key, type);
    }),
  }));
  return { partnerForm: factsOf('Biểu mẫu lớn', 'Công ty Đông Á'), sections, answers, comments };
}

async function measure(name: string, document: PartnerFormDocument, runs: number) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const times: number[] = [];
  let bytes = 0;
  let pages = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    delay.enable();
    const doc = partnerFormPdf(document, 'vi');
    let count = 0;
    doc.on('pageAdded', () => pages++);
    for await (const chunk of doc) count += (chunk as Buffer).length;
    delay.disable();
    times.push(performance.now() - started);
    bytes = count;
  }
  const questions = document.sections.reduce((n, s) => n + s.questions.length, 0);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(34)} ${String(questions).padStart(6)} questions  ${sorted[Math.floor(sorted.length / 2)].toFixed(0).padStart(6)} ms/PDF (median of ${runs})` +
      `  ${(bytes / 1024).toFixed(0).padStart(6)} KiB  ${Math.round(pages / runs) + 1} pages  event loop held ≤ ${(delay.max / 1e6).toFixed(0)} ms`,
  );
}

await measure('largest demo form', largestDemoForm(), 10);
await measure('synthetic: 10 × 50, 200-char texts', syntheticForm(10, 50, 200), 3);
await measure(`largest allowed: ${SECTIONS_MAX} × ${QUESTIONS_PER_SECTION_MAX}, 200-char`, syntheticForm(SECTIONS_MAX, QUESTIONS_PER_SECTION_MAX, 200), 1);
await measure(`largest allowed, texts ${TEXT_ANSWER_MAX} chars`, syntheticForm(SECTIONS_MAX, QUESTIONS_PER_SECTION_MAX, TEXT_ANSWER_MAX), 1);
