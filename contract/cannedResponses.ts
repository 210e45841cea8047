/**
 * Canned responses (issue 25, point 4): replies staff keep and insert in a ticket's chat by typing `/`. Shared ones
 * (CannedResponses.Configure manages them) are every staff member's; personal ones are their owner's alone.
 */

export const CANNED_TITLE_MAX = 120;
/** Plain text, as the chat's composer writes it. */
export const CANNED_BODY_MAX = 5000;
export const CANNED_LANGUAGES = ['en', 'vi'] as const;
export type CannedLanguage = (typeof CANNED_LANGUAGES)[number];

/** What a response's text may name; each is filled as it is inserted. */
export const CANNED_PLACEHOLDERS = ['partnerName', 'ticketId', 'ticketSubject', 'agentName'] as const;
export type CannedPlaceholder = (typeof CANNED_PLACEHOLDERS)[number];

/** A response: its fields (contract/resources/cannedResponses.ts), its owner (null on a shared one), times and version. */
export type CannedResponseDto = import('./resources/cannedResponses').CannedResponseDto;

/** `{{name}}` placeholders filled with `values`; an unknown name, or one without a value, is left as written. */
export function fillPlaceholders(body: string, values: Partial<Record<CannedPlaceholder, string>>): string {
  return body.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = (CANNED_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as CannedPlaceholder] : undefined;
    return value ?? whole;
  });
}

/** The responses a `/` query picks: those whose title (or text) holds every word typed, case and accents ignored, title hits first. */
export function matchCannedResponses<T extends Pick<CannedResponseDto, 'title' | 'body'>>(
  responses: readonly T[],
  query: string,
  fold: (s: string) => string,
): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const inTitle = (r: T) => words.every((w) => fold(r.title).includes(w));
  const inBody = (r: T) => words.every((w) => fold(`${r.title} ${r.body}`).includes(w));
  return [...responses.filter(inTitle), ...responses.filter((r) => !inTitle(r) && inBody(r))];
}
