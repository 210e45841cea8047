// npm run bench:pdf: what one partner form PDF costs (GET /partner-forms/{id}/pdf).
// In process, no database: the largest demo partner form, a large synthetic form and the largest a form may be
// (SECTIONS_MAX sections of QUESTIONS_PER_SECTION_MAX questions, every text answer TEXT_ANSWER_MAX long): ms per PDF,
// bytes, pages and the longest this thread's event loop was held meanwhile.
// Then through the server (the app in this process on the embedded PostgreSQL, demo seed): a partner form of 3,000
// answered questions downloaded once, then 10 times at once, each beside GET /api/health sent one after another
// from another client: the longest stall of the server's event loop and the slowest health answer. Goal: no stall
// over 100 ms. On a loaded machine the baseline row (health alone) shows what the machine itself adds.
import crypto from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import type { PagedResult } from '../contract/envelope';
import type { FormDto } from '../contract/forms';
import { slowestHealth } from './harness/slowestHealth';
import { startBenchServer } from './benchServer';
import type { Answers, AnswerValue, FormQuestion, FormSection, PartnerFormDto, QuestionType } from '../contract/forms';
import { QUESTIONS_PER_SECTION_MAX, SECTIONS_MAX, TEXT_ANSWER_MAX } from '../contract/forms';
import { DEMO_FORM_DEFINITIONS } from '../server/modules/formDefinitions/demoFormSections';
import { resolvedSections } from '../server/modules/formDefinitions/formDefinitions.demo';
import { DEMO_PARTNER_FORMS } from '../server/modules/partnerForms/partnerForms.demo';
import { partnerFormPdf } from '../server/modules/partnerForms/partnerFormPdf';
import { documentAsText, type PartnerFormDocument } from '../server/modules/partnerForms/partnerFormPdfDocument';

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
        number: '1234567.89',
        currency: { currency: 'VND', amount: '1500000000' },
        date: '2027-03-31',
        email: 'ke.toan@dong-a.example',
        phone: '+84901234567',
        url: 'https://dong-a.example/',
        calculated: '1234567.89',
        signature: {
          kind: 'drawn',
          name: 'Nguyễn Văn An',
          strokes: ['10,150 60,40 110,150 160,60 210,140', '250,100 400,100'],
          signedAt: '2026-12-04T10:00:00.000Z',
          signedBy: { userId: key, name: 'Nguyễn Văn An', email: 'an@dong-a.example' },
          address: '203.0.113.5',
          textVersion: { number: 3, hash: 'abcd1234' },
        },
      };
      answers[key] = values[type];
      if (q % 10 === 0) comments[key] = 'Vui lòng sửa lại câu trả lời này.';
      return question(key, type);
    }),
  }));
  return { partnerForm: factsOf('Biểu mẫu lớn', 'Công ty Đông Á'), sections, answers, comments };
}

/** Pages of a PDF as pdfkit writes it (page objects are never compressed). */
const pagesIn = (pdf: Buffer) => pdf.toString('latin1').split('/Type /Page\n').length - 1;

async function measure(name: string, document: PartnerFormDocument, runs: number) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const times: number[] = [];
  let bytes = 0;
  let pages = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    delay.enable();
    const chunks: Buffer[] = [];
    for await (const chunk of partnerFormPdf(documentAsText(document), 'vi')) chunks.push(chunk as Buffer);
    delay.disable();
    times.push(performance.now() - started);
    const pdf = Buffer.concat(chunks);
    bytes = pdf.length;
    pages = pagesIn(pdf);
  }
  const questions = document.sections.reduce((n, s) => n + s.questions.length, 0);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(34)} ${String(questions).padStart(6)} questions  ${sorted[Math.floor(sorted.length / 2)].toFixed(0).padStart(6)} ms/PDF (median of ${runs})` +
      `  ${(bytes / 1024).toFixed(0).padStart(6)} KiB  ${pages} pages  event loop held ≤ ${(delay.max / 1e6).toFixed(0)} ms`,
  );
}

/** `BENCH_PDF=server` runs the server's rows only, `inprocess` the others; both by default. */
const parts = process.env.BENCH_PDF ?? 'inprocess,server';

if (parts.includes('inprocess')) {
  await measure('largest demo form', largestDemoForm(), 10);
  await measure('synthetic: 10 × 50, 200-char texts', syntheticForm(10, 50, 200), 3);
  await measure(`largest allowed: ${SECTIONS_MAX} × ${QUESTIONS_PER_SECTION_MAX}, 200-char`, syntheticForm(SECTIONS_MAX, QUESTIONS_PER_SECTION_MAX, 200), 1);
  await measure(`largest allowed, texts ${TEXT_ANSWER_MAX} chars`, syntheticForm(SECTIONS_MAX, QUESTIONS_PER_SECTION_MAX, TEXT_ANSWER_MAX), 1);
}

if (parts.includes('server')) await throughTheServer();

/** The figures: a 3,000-question partner form's PDF through the server, once and 10 at once, beside /api/health. */
async function throughTheServer() {
  const SECTIONS = 15;
  const TEXT_LENGTH = 1_000;
  const server = await startBenchServer('pdf', { probe: true });
  try {
    const staff = (await server.signIn('admin@example.com')).token;
    const data = async <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> => {
      const answer = await server.api<T>(method, path, { token: staff, body, headers });
      if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
      return answer.body.data as T;
    };
    // The form, its version published and assigned to Acme; the answers written straight into the row.
    const document = syntheticForm(SECTIONS, QUESTIONS_PER_SECTION_MAX, TEXT_LENGTH);
    const form = await data<FormDto>('POST', '/api/v1/forms', { name: `PDF bench ${crypto.randomUUID()}`, description: '', type: 'Bench', note: '' });
    const fresh = await data<FormDto>('GET', `/api/v1/forms/${form.id}`);
    await data('PUT', `/api/v1/forms/${form.id}/sections`, { sections: document.sections }, { 'if-match': `"${fresh.version}"` });
    await data('POST', `/api/v1/forms/${form.id}/publish`, {});
    const partners = await data<PagedResult<{ id: string; name: string }>>('POST', '/api/v1/partners/search', {
      pageNumber: 1,
      pageSize: 10,
      advancedSearch: { keyword: 'Acme Logistics' },
    });
    const acme = partners.items.find((p) => p.name === 'Acme Logistics')!;
    const assigned = await data<{ assigned: { id: string }[] }>('POST', '/api/v1/partner-forms/assign', { formId: form.id, partnerIds: [acme.id] });
    const id = assigned.assigned[0].id;
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    await client.query('update partner_forms set answers = $1 where id = $2', [JSON.stringify(document.answers), id]);
    await client.end();
    const questions = SECTIONS * QUESTIONS_PER_SECTION_MAX;

    const download = async () => {
      const response = await fetch(`${server.url}/api/v1/partner-forms/${id}/pdf`, { headers: { authorization: `Bearer ${staff}` } });
      const bytes = Buffer.from(await response.arrayBuffer());
      return { status: response.status, bytes: bytes.length };
    };
    const pollHealth = (done: () => boolean) => slowestHealth(server.url, done);
    const row = async (what: string, requests: number) => {
      // The server's own event loop, read in its process by the bench harness's probe.
      await server.probe!.resetLoop();
      let finished = false;
      const health = pollHealth(() => finished);
      const started = performance.now();
      // Without a download, the baseline: health alone for 2 s.
      const answers = requests ? await Promise.all(Array.from({ length: requests }, download)) : (await wait(2000), [{ status: 200, bytes: 0 }]);
      const answerMs = performance.now() - started;
      finished = true;
      const healthMs = await health;
      const stallMs = await server.probe!.loopMaxMs();
      const statuses = [...new Set(answers.map((a) => a.status))].join('/');
      console.log(
        `${what.padEnd(40)} ${statuses}  ${(answers[0].bytes / 1024).toFixed(0).padStart(6)} KiB  all answered in ${answerMs.toFixed(0).padStart(6)} ms` +
          `  event loop stall ≤ ${stallMs.toFixed(0).padStart(5)} ms  /api/health ≤ ${healthMs.toFixed(0).padStart(5)} ms`,
      );
    };
    console.log(`\nThrough the server (${server.engine}), a partner form of ${questions.toLocaleString('en')} questions, texts of ${TEXT_LENGTH} characters:`);
    await row('baseline: no PDF', 0);
    await row(`one PDF`, 1);
    await row(`one PDF again`, 1);
    await row(`10 PDFs at once`, 10);
  } finally {
    await server.close();
  }
}
