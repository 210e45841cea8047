/**
 * The expression language of calculated answers (issue 40): numbers, references to earlier answers written
 * `{key}`, + - * / and brackets, and the functions sum, count, min, max, round, abs and days. Nothing else: no
 * names but functions, no property access, no loops or definitions, so an expression cannot loop, recurse or reach
 * beyond the form's answers. Parsing is one pass over at most CALCULATION_EXPRESSION_MAX characters, nested at
 * most CALCULATION_DEPTH_MAX deep: the cost of any expression, accepted or refused, is bounded by its length.
 */

export const CALCULATION_EXPRESSION_MAX = 500;
export const CALCULATION_DEPTH_MAX = 20;
export const CALCULATION_FUNCTIONS = ['sum', 'count', 'min', 'max', 'round', 'abs', 'days'] as const;
export type CalculationFunction = (typeof CALCULATION_FUNCTIONS)[number];

export type CalculationNode =
  | { kind: 'number'; value: string }
  | { kind: 'reference'; key: string }
  | { kind: 'negate'; operand: CalculationNode }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: CalculationNode; right: CalculationNode }
  | { kind: 'call'; name: CalculationFunction; args: CalculationNode[] };

/** Why an expression cannot be read, and where (a character offset): the builder shows it. */
export interface CalculationSyntaxError {
  message: 'calculationEmpty' | 'calculationTooLong' | 'calculationSyntax' | 'calculationTooDeep' | 'calculationUnknownFunction' | 'calculationArguments';
  at: number;
}

type Token = { kind: 'number' | 'reference' | 'name' | 'symbol'; text: string; at: number };

const NUMBER = /[0-9]+(?:\.[0-9]+)?/y;
const NAME = /[a-z]+/y;
const REFERENCE = /\{([A-Za-z0-9_-]{1,64})\}/y;
const ARITY: Record<CalculationFunction, [number, number]> = {
  sum: [1, 50],
  count: [1, 50],
  min: [1, 50],
  max: [1, 50],
  round: [1, 2],
  abs: [1, 1],
  days: [2, 2],
};

class SyntaxFailure extends Error {
  constructor(readonly failure: CalculationSyntaxError) {
    super(failure.message);
  }
}

const fail = (message: CalculationSyntaxError['message'], at: number): never => {
  throw new SyntaxFailure({ message, at });
};

function tokens(expression: string): Token[] {
  const found: Token[] = [];
  let at = 0;
  while (at < expression.length) {
    const char = expression[at];
    if (char === ' ' || char === '\t' || char === '\n') {
      at += 1;
      continue;
    }
    const match = (pattern: RegExp) => {
      pattern.lastIndex = at;
      return pattern.exec(expression);
    };
    const number = match(NUMBER);
    const reference = number ? null : match(REFERENCE);
    const name = number || reference ? null : match(NAME);
    if (number) found.push({ kind: 'number', text: number[0], at });
    else if (reference) found.push({ kind: 'reference', text: reference[1], at });
    else if (name) found.push({ kind: 'name', text: name[0], at });
    else if ('+-*/(),'.includes(char)) found.push({ kind: 'symbol', text: char, at });
    else fail('calculationSyntax', at);
    at += (number ?? reference ?? name)?.[0].length ?? 1;
  }
  return found;
}

/** The expression as a tree, or why it cannot be read. */
export function parseCalculation(expression: string): { node: CalculationNode } | { error: CalculationSyntaxError } {
  if (expression.length > CALCULATION_EXPRESSION_MAX) return { error: { message: 'calculationTooLong', at: CALCULATION_EXPRESSION_MAX } };
  if (!expression.trim()) return { error: { message: 'calculationEmpty', at: 0 } };
  try {
    const list = tokens(expression);
    let index = 0;
    const peek = () => list[index];
    const end = () => ({ kind: 'symbol', text: '', at: expression.length }) as Token;
    const next = () => list[index++] ?? end();
    const expect = (text: string) => {
      const token = next();
      if (token.text !== text || token.kind !== 'symbol') fail('calculationSyntax', token.at);
    };

    const sum = (depth: number): CalculationNode => {
      let node = product(depth);
      while (peek()?.kind === 'symbol' && (peek().text === '+' || peek().text === '-')) {
        const operator = next().text as '+' | '-';
        node = { kind: 'binary', operator, left: node, right: product(depth) };
      }
      return node;
    };
    const product = (depth: number): CalculationNode => {
      let node = unary(depth);
      while (peek()?.kind === 'symbol' && (peek().text === '*' || peek().text === '/')) {
        const operator = next().text as '*' | '/';
        node = { kind: 'binary', operator, left: node, right: unary(depth) };
      }
      return node;
    };
    const unary = (depth: number): CalculationNode => {
      if (depth > CALCULATION_DEPTH_MAX) fail('calculationTooDeep', peek()?.at ?? expression.length);
      if (peek()?.kind === 'symbol' && peek().text === '-') {
        next();
        return { kind: 'negate', operand: unary(depth + 1) };
      }
      return atom(depth);
    };
    const atom = (depth: number): CalculationNode => {
      const token = next();
      if (token.kind === 'number') return { kind: 'number', value: token.text };
      if (token.kind === 'reference') return { kind: 'reference', key: token.text };
      if (token.kind === 'symbol' && token.text === '(') {
        const inner = sum(depth + 1);
        expect(')');
        return inner;
      }
      if (token.kind === 'name') {
        if (!(CALCULATION_FUNCTIONS as readonly string[]).includes(token.text)) fail('calculationUnknownFunction', token.at);
        const name = token.text as CalculationFunction;
        expect('(');
        const args: CalculationNode[] = [sum(depth + 1)];
        while (peek()?.kind === 'symbol' && peek().text === ',') {
          next();
          args.push(sum(depth + 1));
        }
        expect(')');
        const [least, most] = ARITY[name];
        if (args.length < least || args.length > most) fail('calculationArguments', token.at);
        return { kind: 'call', name, args };
      }
      return fail('calculationSyntax', token.at);
    };

    const node = sum(0);
    if (index < list.length) fail('calculationSyntax', list[index].at);
    return { node };
  } catch (error) {
    if (error instanceof SyntaxFailure) return { error: error.failure };
    throw error;
  }
}

/** The question keys an expression reads, in order of first mention. */
export function calculationReferences(node: CalculationNode): string[] {
  const keys = new Set<string>();
  const visit = (current: CalculationNode) => {
    if (current.kind === 'reference') keys.add(current.key);
    else if (current.kind === 'negate') visit(current.operand);
    else if (current.kind === 'binary') {
      visit(current.left);
      visit(current.right);
    } else if (current.kind === 'call') current.args.forEach(visit);
  };
  visit(node);
  return [...keys];
}
