import type { FormQuestion } from '../../contract/forms';
import type { HostileRun } from './measure';

const ROWS = 50;
const CHILDREN = 20;
const CALCULATIONS = 20;

const asked = (key: string, type: FormQuestion['type'], more: Partial<FormQuestion> = {}): FormQuestion =>
  ({
    key,
    type,
    label: `Question ${key}`,
    help: '',
    required: false,
    options: [],
    ruleId: null,
    rule: null,
    condition: null,
    children: [],
    ...more,
  }) as FormQuestion;

/** The longest calculation the contract takes (500 characters) over the 50 rows' numbers, nested as deep as it reads. */
function longExpression(index: number): string {
  const part = `round(sum({n}) * ${index + 2} / 3 + max({n}) - min({n}) + count({n}), 2)`;
  let expression = part;
  while (expression.length + part.length + 3 <= 500) expression = `${expression} + ${part}`;
  return expression;
}

/**
 * Issue 40's heaviest paperwork: a group of 50 rows (a choice, a number and a question shown in a row by its choice),
 * a second group of 50 rows of 20 questions, each shown on an AND of conditions that read every row of the first
 * group, and 20 calculations of 500 characters over the first group's rows. A Save Draft of every row, a Submit
 * (the server recomputes everything) and the PDF: none should stall the others.
 */
export async function paperworkRows(run: HostileRun, staff: string, partner: string, runs: number) {
  const condition = {
    join: 'and',
    conditions: [
      { questionKey: 'x', operator: 'is', value: 'yes' },
      {
        join: 'or',
        conditions: [
          { questionKey: 'kind', operator: 'isNot', value: 'a' },
          { questionKey: 'first', operator: 'gte', value: '2' },
        ],
      },
      { questionKey: 'n', operator: 'gt', value: '1' },
    ],
  } as unknown as FormQuestion['condition'];
  const first = asked('first', 'group', {
    repeat: { min: 0, max: ROWS },
    children: [
      asked('kind', 'select', { options: ['a', 'b'] }),
      asked('n', 'number'),
      asked('x', 'text', { condition: { questionKey: 'kind', operator: 'is', value: 'b' } }),
    ],
  });
  const second = asked('second', 'group', {
    repeat: { min: 0, max: ROWS },
    children: Array.from({ length: CHILDREN }, (_, index) => asked(`c${index}`, 'text', { condition })),
  });
  const calculations = Array.from({ length: CALCULATIONS }, (_, index) =>
    asked(`total${index}`, 'calculated', { calculation: { expression: longExpression(index), decimals: 2, unit: '' } }),
  );
  const sections = [{ key: 'rows', questions: [first, second, ...calculations] }];
  const { partnerFormId } = await run.makeForm(staff, sections, true);
  const text = 'Giám đốc điều hành, chịu trách nhiệm ký hợp đồng và chứng từ. '.repeat(4).slice(0, 200);
  const answers = {
    first: Array.from({ length: ROWS }, (_, index) => ({ kind: 'b', n: `${index + 1}.5`, x: 'yes' })),
    second: Array.from({ length: ROWS }, () => Object.fromEntries(Array.from({ length: CHILDREN }, (_, index) => [`c${index}`, text]))),
  };
  const where = `${ROWS} rows × ${CHILDREN} conditional questions, ${CALCULATIONS} calculations of 500 characters`;
  const save = run.jsonRequest('PUT', `/api/v1/partner-forms/${partnerFormId}/sections/rows`, partner, { answers });
  await run.measure(`issue 40: Save Draft, ${where} (partner)`, save, runs, { issue40: true });
  const pdf = run.download(`/api/v1/partner-forms/${partnerFormId}/pdf`, staff);
  await run.measure(`issue 40: PDF of it (staff)`, pdf, runs, { issue40: true });
  // Submit last: once submitted, the form takes no more drafts.
  await run.measure(
    `issue 40: Submit, the server computing it all again (partner)`,
    run.jsonRequest('POST', `/api/v1/partner-forms/${partnerFormId}/submit`, partner, {}),
    1,
    {
      issue40: true,
    },
  );
}
