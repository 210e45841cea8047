import { RE2JS } from 're2js';
import type { TextRule } from '../forms';
import type { RuleMessage } from '../schemas/messages';

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

/**
 * The first failure of a text answer against its rule: length, then pattern. The rule's error text is the
 * message when it has one; otherwise the generic message in the reader's language. `null` when it passes.
 */
export function textRuleError(rule: TextRule, text: string): RuleMessage | string | null {
  const length = [...text].length;
  const worded = (fallback: RuleMessage) => rule.errorText.trim() || fallback;
  if (rule.minLength !== null && length < rule.minLength) return worded({ key: 'validation.minLength', values: { min: rule.minLength } });
  if (rule.maxLength !== null && length > rule.maxLength) return worded({ key: 'validation.maxLength', values: { max: rule.maxLength } });
  if (rule.regex && !matchesRulePattern(rule.regex, text)) return worded({ key: 'validation.answerPattern' });
  return null;
}
