import { RE2JS } from 're2js';
import { RULE_PATTERN_WORK_MAX, RULE_PROGRAM_MAX, TEXT_ANSWER_MAX, type TextRule } from '../forms';
import type { RuleMessage } from '../schemas/messages';
import { rulePatternLeastSize } from './rulePatternLeastSize';

const compiled = new Map<string, RE2JS | null>();
const COMPILED_KEPT = 500;

/**
 * The pattern of a validation rule, compiled by re2js: matching runs in time linear in the answer, in the
 * browser and on the server alike. `null` when it does not compile.
 */
export function compileRulePattern(regex: string): RE2JS | null {
  if (compiled.has(regex)) return compiled.get(regex) ?? null;
  let pattern: RE2JS | null;
  try {
    pattern = RE2JS.compile(regex);
  } catch {
    pattern = null;
  }
  if (compiled.size >= COMPILED_KEPT) compiled.delete(compiled.keys().next().value as string);
  compiled.set(regex, pattern);
  return pattern;
}

/** Whether the whole text matches the pattern (a pattern that does not compile matches nothing). */
export function matchesRulePattern(regex: string, text: string): boolean {
  return compileRulePattern(regex)?.matches(text) ?? false;
}

/** The number of instructions re2js compiles the pattern to (its cost per answer character), `null` when it does not compile. */
export function rulePatternProgramSize(regex: string): number | null {
  return compileRulePattern(regex)?.programSize() ?? null;
}

/** The longest answer a rule's pattern is run on: answers over the rule's max length fail on length first. */
export const longestCheckedAnswer = (maxLength: number | null | undefined) => Math.min(maxLength ?? TEXT_ANSWER_MAX, TEXT_ANSWER_MAX);

/** Whether a pattern is too large to be compiled at all to learn its size: refused as too large, never compiled. */
const tooLargeToCompile = (regex: string) => rulePatternLeastSize(regex) > RULE_PROGRAM_MAX;

/** Whether a rule's pattern is refused as invalid (one too large to compile is refused for its size instead). */
export const rulePatternInvalid = (regex: string) => !tooLargeToCompile(regex) && compileRulePattern(regex) === null;

/** Why a pattern is refused for a rule with this max length, or `null` when its check stays within the cost bound. */
export function rulePatternCostError(regex: string, maxLength: number | null | undefined): RuleMessage | null {
  const tooLarge: RuleMessage = { key: 'formRulesApi.patternTooLarge', values: { max: RULE_PROGRAM_MAX } };
  if (tooLargeToCompile(regex)) return tooLarge;
  const size = rulePatternProgramSize(regex);
  if (size === null) return null;
  if (size > RULE_PROGRAM_MAX) return tooLarge;
  if (size * longestCheckedAnswer(maxLength) > RULE_PATTERN_WORK_MAX)
    return { key: 'formRulesApi.patternTooCostly', values: { max: Math.floor(RULE_PATTERN_WORK_MAX / size) } };
  return null;
}

/**
 * Whether the pattern is run on an answer of this many characters: always for a rule accepted since the cost
 * bound (its answers are no longer than its max length); a rule stored before it is reported at server start,
 * and its pattern skipped on answers it could not check within the bound (their lengths are still checked).
 */
export function rulePatternCheckable(regex: string, length: number): boolean {
  const size = rulePatternProgramSize(regex);
  return size === null || size * length <= RULE_PATTERN_WORK_MAX;
}

/**
 * The first failure of a text answer against its rule: length, then pattern. The rule's error text is the
 * message when it has one; otherwise the generic message in the reader's language. `null` when it passes.
 */
export function textRuleError(rule: TextRule, text: string): RuleMessage | string | null {
  const length = [...text].length;
  const worded = (fallback: RuleMessage) => rule.errorText.trim() || fallback;
  if (rule.minLength !== null && length < rule.minLength) return worded({ key: 'validation.minLength', values: { min: rule.minLength } });
  if (rule.maxLength !== null && length > rule.maxLength) return worded({ key: 'validation.maxLength', values: { max: rule.maxLength } });
  if (rule.regex && rulePatternCheckable(rule.regex, length) && !matchesRulePattern(rule.regex, text)) return worded({ key: 'validation.answerPattern' });
  return null;
}
