/**
 * Schema messages are i18n keys with values, so the browser and the server translate the same rule into
 * the reader's language. Keys live under `validation.*` in both catalogues.
 */
export interface RuleMessage {
  key: string;
  values?: Record<string, unknown>;
}

/** Only the limits of a rule travel with its message, never the value that failed it (it may be a password). */
const LIMIT_PARAMS = ['min', 'max', 'length', 'less', 'more'] as const;

export const msg =
  (key: string) =>
  (params: object): RuleMessage => {
    const given = params as Record<string, unknown>;
    const values = Object.fromEntries(LIMIT_PARAMS.filter((p) => given[p] !== undefined).map((p) => [p, given[p]]));
    return { key, values };
  };

export function isRuleMessage(value: unknown): value is RuleMessage {
  return typeof value === 'object' && value !== null && typeof (value as RuleMessage).key === 'string';
}
