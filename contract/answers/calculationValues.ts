import {
  NUMBER_FRACTION_DIGITS_MAX,
  NUMBER_INTEGER_DIGITS_MAX,
  type AnswerRow,
  type AnswerValue,
  type Answers,
  type FormQuestion,
  type FormSection,
} from '../forms';
import { calculationReferences, parseCalculation, type CalculationNode } from './calculationSyntax';
import { answerRows, rowAnswer, rowWith, rowWithout } from './answerRows';
import { ownAnswer, rowsLayout } from './conditions';
import { isCalendarDate } from './dates';
import { canonicalDecimal, isCanonicalDecimal, scaledDecimal } from './decimals';
import { isRepeatingGroup, placedQuestions } from './questions';
import { isCurrencyAmountShape } from './typedAnswers';

/**
 * Calculated answers: an expression over earlier answers, evaluated exactly (decimals as BigInt scaled by
 * 10^NUMBER_FRACTION_DIGITS_MAX, never floats) in the browser as the partner types and again on the server at
 * Save Draft and Submit, which stores what it computed whatever the client sent. A value that cannot be computed
 * (an answer missing or not a number, a division by zero, a result past 18 digits) leaves the answer empty.
 * A repeating group reads as its number of rows; a child of one, from outside the group, as the list of its rows'
 * answers (what sum, count, min and max take), and from a calculated child of the same group as the row's own.
 */

type Value = { kind: 'number'; scaled: bigint } | { kind: 'date'; date: string } | { kind: 'list'; values: Value[] } | null;

const SCALE = 10n ** BigInt(NUMBER_FRACTION_DIGITS_MAX);
const LIMIT = 10n ** BigInt(NUMBER_INTEGER_DIGITS_MAX + NUMBER_FRACTION_DIGITS_MAX);
const DAY_MS = 86_400_000;

const number = (scaled: bigint): Value => (scaled >= LIMIT || scaled <= -LIMIT ? null : { kind: 'number', scaled });

/** a / b rounded half away from zero. */
function divideRounded(a: bigint, b: bigint): bigint {
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const rounded = (x * 2n + y) / (2n * y);
  return a < 0n !== b < 0n ? -rounded : rounded;
}

/** An answer as a calculation reads it: numbers, amounts, calculated values and yes/no (1 or 0) as numbers, dates as dates. */
function valueOfAnswer(question: Pick<FormQuestion, 'type'> | undefined, answer: AnswerValue | undefined): Value {
  if (!question || answer === undefined || answer === null) return null;
  if (question.type === 'yesNo') return typeof answer === 'boolean' ? number(answer ? SCALE : 0n) : null;
  if (question.type === 'date') return typeof answer === 'string' && isCalendarDate(answer) ? { kind: 'date', date: answer } : null;
  const text = isCurrencyAmountShape(answer) ? answer.amount : answer;
  return typeof text === 'string' && isCanonicalDecimal(text) ? number(scaledDecimal(text)) : null;
}

function daysBetween(from: string, to: string): bigint {
  return BigInt(Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS));
}

function evaluate(node: CalculationNode, read: (key: string) => Value): Value {
  switch (node.kind) {
    case 'number':
      return number(scaledDecimal(canonicalDecimal(node.value) ?? '0'));
    case 'reference':
      return read(node.key);
    case 'negate': {
      const operand = evaluate(node.operand, read);
      return operand?.kind === 'number' ? number(-operand.scaled) : null;
    }
    case 'binary': {
      const left = evaluate(node.left, read);
      const right = evaluate(node.right, read);
      if (left?.kind !== 'number' || right?.kind !== 'number') return null;
      if (node.operator === '+') return number(left.scaled + right.scaled);
      if (node.operator === '-') return number(left.scaled - right.scaled);
      if (node.operator === '*') return number(divideRounded(left.scaled * right.scaled, SCALE));
      return right.scaled === 0n ? null : number(divideRounded(left.scaled * SCALE, right.scaled));
    }
    case 'call': {
      const args = node.args.map((arg) => evaluate(arg, read)).flatMap((arg) => (arg?.kind === 'list' ? arg.values : [arg]));
      const numbers = args.flatMap((arg) => (arg?.kind === 'number' ? [arg.scaled] : []));
      switch (node.name) {
        case 'count':
          return number(BigInt(args.filter((arg) => arg !== null).length) * SCALE);
        case 'sum':
          return numbers.length ? number(numbers.reduce((total, value) => total + value, 0n)) : null;
        case 'min':
          return numbers.length ? number(numbers.reduce((least, value) => (value < least ? value : least))) : null;
        case 'max':
          return numbers.length ? number(numbers.reduce((most, value) => (value > most ? value : most))) : null;
        case 'abs':
          return args[0]?.kind === 'number' ? number(args[0].scaled < 0n ? -args[0].scaled : args[0].scaled) : null;
        case 'round': {
          const [value, places] = args;
          if (value?.kind !== 'number') return null;
          return number(roundTo(value.scaled, places?.kind === 'number' ? places.scaled / SCALE : 0n));
        }
        case 'days': {
          const [from, to] = args;
          return from?.kind === 'date' && to?.kind === 'date' ? number(daysBetween(from.date, to.date) * SCALE) : null;
        }
      }
    }
  }
  return null;
}

/** A scaled value rounded half away from zero to `places` digits after the point (0 to 6; negative places as 0). */
function roundTo(scaled: bigint, places: bigint): bigint {
  const kept = places < 0n ? 0n : places > BigInt(NUMBER_FRACTION_DIGITS_MAX) ? BigInt(NUMBER_FRACTION_DIGITS_MAX) : places;
  const step = 10n ** (BigInt(NUMBER_FRACTION_DIGITS_MAX) - kept);
  return divideRounded(scaled, step) * step;
}

/** A scaled value as a canonical decimal. */
function decimalText(scaled: bigint): string {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(NUMBER_FRACTION_DIGITS_MAX + 1, '0');
  const whole = digits.slice(0, -NUMBER_FRACTION_DIGITS_MAX);
  const fraction = digits.slice(-NUMBER_FRACTION_DIGITS_MAX);
  return canonicalDecimal(`${negative ? '-' : ''}${whole}.${fraction}`) ?? '0';
}

/** One calculated question's value for these answers (a canonical decimal), or null when it cannot be computed. */
export function calculatedValue(
  question: FormQuestion,
  answers: Answers,
  questions: ReadonlyMap<string, FormQuestion>,
  layout = rowsLayout([]),
  row: AnswerRow | null = null,
): string | null {
  const calculation = question.calculation;
  if (!calculation) return null;
  const parsed = parseCalculation(calculation.expression);
  if ('error' in parsed) return null;
  const read = (key: string): Value => {
    if (layout.groups.has(key)) return number(BigInt(answerRows(ownAnswer(answers, key)).length) * SCALE);
    const group = layout.rowsOf.get(key);
    if (!group) return valueOfAnswer(questions.get(key), ownAnswer(answers, key));
    if (row && group.children.some((child) => child.key === question.key)) return valueOfAnswer(questions.get(key), rowAnswer(row, key));
    return { kind: 'list', values: answerRows(ownAnswer(answers, group.key)).map((each) => valueOfAnswer(questions.get(key), rowAnswer(each, key))) };
  };
  const value = evaluate(parsed.node, read);
  if (value?.kind !== 'number') return null;
  return decimalText(roundTo(value.scaled, BigInt(calculation.decimals)));
}

const withAnswer = (answers: Answers, key: string, value: AnswerValue) =>
  Object.defineProperty(answers, key, { value, enumerable: true, writable: true, configurable: true });

/** A repeating group's rows with its calculated children computed in each row, in the group's order. */
function rowsWithCalculations(group: FormQuestion, answers: Answers, questions: ReadonlyMap<string, FormQuestion>, layout: ReturnType<typeof rowsLayout>) {
  return answerRows(ownAnswer(answers, group.key)).map((given) => {
    let row = given;
    for (const child of group.children) {
      if (child.type !== 'calculated') continue;
      const value = calculatedValue(child, answers, questions, layout, row);
      row = value === null ? rowWithout(row, child.key) : rowWith(row, child.key, value);
    }
    return row;
  });
}

/**
 * The answers with every calculated question computed in form order (a later calculation reads an earlier one's
 * result): a value where one can be computed, no answer where none can. The input is not changed.
 */
export function withCalculations(sections: readonly FormSection[], answers: Answers): Answers {
  const placed = placedQuestions(sections);
  if (!placed.some(({ question }) => question.type === 'calculated')) return answers;
  const questions = new Map(placed.map(({ question }) => [question.key, question]));
  const layout = rowsLayout(sections);
  const result: Answers = Object.fromEntries(Object.entries(answers));
  for (const { question, rowsOf } of placed) {
    if (isRepeatingGroup(question) && Object.hasOwn(result, question.key) && question.children.some((child) => child.type === 'calculated'))
      withAnswer(result, question.key, rowsWithCalculations(question, result, questions, layout));
    if (question.type !== 'calculated' || rowsOf !== null) continue;
    const value = calculatedValue(question, result, questions, layout);
    if (value === null) delete result[question.key];
    else withAnswer(result, question.key, value);
  }
  return result;
}

/** The questions a calculated question's expression reads (the builder lists them), or none when it does not parse. */
export function calculationDependencies(expression: string): string[] {
  const parsed = parseCalculation(expression);
  return 'error' in parsed ? [] : calculationReferences(parsed.node);
}

/** What a client sent without its values for calculated questions: the server computes those itself. */
export function withoutCalculatedAnswers(sections: readonly FormSection[], given: Record<string, unknown>): Record<string, unknown> {
  const placed = placedQuestions(sections);
  const calculated = new Set(placed.flatMap(({ question, rowsOf }) => (question.type === 'calculated' && rowsOf === null ? [question.key] : [])));
  const inRows = new Map(placed.flatMap(({ question, rowsOf }) => (question.type === 'calculated' && rowsOf !== null ? [[question.key, rowsOf]] : [])));
  if (!calculated.size && !inRows.size) return given;
  const groups = new Set(inRows.values());
  const withoutInRow = (value: unknown) =>
    Array.isArray(value) && value.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))
      ? value.map((row: AnswerRow) => Object.fromEntries(Object.entries(row).filter(([key]) => !inRows.has(key))))
      : value;
  return Object.fromEntries(
    Object.entries(given)
      .filter(([key]) => !calculated.has(key))
      .map(([key, value]) => [key, groups.has(key) ? withoutInRow(value) : value]),
  );
}
