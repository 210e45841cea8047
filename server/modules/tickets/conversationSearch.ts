import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { foldForSearch } from '../../../contract/fold';
import { permission } from '../../../contract/permissions';
import type { Db } from '../../db/client';
import { ticketMessages, tickets } from '../../db/schema';
import type { Principal } from '../../core/guard';
import { containsPattern } from '../../core/search';
import { textOfHtml } from './ticketHtml';

/**
 * Search across conversations (issue 25): one keyword finds tickets by the start of their id, their subject, their
 * description and the text of their messages, case and Vietnamese diacritics ignored (contract/fold.ts), each part
 * through its own index (the uuid key, and trigram indexes on tickets.search_text and ticket_messages.body_folded).
 */

/** Staff holding it search the text of internal notes too; nobody else ever matches a note. */
const NOTES_VIEW = permission('TicketNotes', 'View');

/**
 * Message text is searched for keywords of at least this many folded characters: a shorter one holds no trigram,
 * so the index could not narrow it and every message would be read.
 */
export const MESSAGE_KEYWORD_MIN = 3;

/** Hex digits a keyword needs to be read as the start of a ticket id ("cafe" is one; "ca" is not). */
export const ID_PREFIX_MIN = 4;

/** Whether the principal's search may match the text of internal notes: staff with TicketNotes.View only. */
export const seesNoteText = (principal: Principal) => !principal.partnerId && principal.permissions.has(NOTES_VIEW);

/**
 * The uuid range of every id that starts with the hex digits of the keyword (hyphens ignored), or null when the
 * keyword is not the start of an id: a range on the primary key instead of reading every id as text.
 */
export function idPrefixRange(keyword: string): [string, string] | null {
  const typed = keyword.trim().toLowerCase();
  if (!/^[0-9a-f-]+$/.test(typed)) return null;
  const hex = typed.replace(/-/g, '');
  if (hex.length < ID_PREFIX_MIN || hex.length > 32) return null;
  const asUuid = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return [asUuid(hex.padEnd(32, '0')), asUuid(hex.padEnd(32, 'f'))];
}

/** The conversation search of one keyword for one principal: which tickets match, and how well. */
export interface ConversationMatch {
  /** The tickets whose id starts with the keyword, or whose subject, description or (visible) messages contain it. */
  where: SQL;
  /** The tickets found by their own row: id, subject or description (an OR over the key and the trigram index). */
  ticketWhere: SQL;
  /** Whether a ticket has a visible message containing the keyword (by the messages' ticket index, for one ticket). */
  messageHit: SQL;
  /** 4 id, 3 subject, 2 description, 1 message text only: the higher, the better the match. */
  rank: SQL;
  /** The folded keyword, for the snippets. */
  folded: string;
  /** Whether message text takes part (the keyword is long enough). */
  messages: boolean;
}

/**
 * Whether folded text contains the folded keyword, in a form no index serves: for checks over a few tickets' messages,
 * which must go by the messages' ticket index whatever the planner believes of the word (see messageHit).
 */
const containsText = (text: SQL, folded: string) => sql`strpos(${text}, ${folded}) > 0`;

/** The tickets a keyword finds across conversations, or undefined when it folds to nothing. */
export function conversationMatch(principal: Principal, keyword: string): ConversationMatch | undefined {
  const folded = foldForSearch(keyword);
  if (!folded) return undefined;
  const pattern = containsPattern(folded);
  const range = idPrefixRange(keyword);
  const messages = folded.length >= MESSAGE_KEYWORD_MIN;
  const notes = seesNoteText(principal) ? sql`` : sql` and not m.internal`;
  // One semi-join over a union: each part reads its own index, a ticket found twice counts once.
  const parts = [sql`select s.id from tickets s where s.search_text like ${pattern}`];
  if (messages) parts.push(sql`select m.ticket_id from ticket_messages m where m.body_folded like ${pattern}${notes}`);
  if (range) parts.push(sql`select r.id from tickets r where r.id between ${range[0]}::uuid and ${range[1]}::uuid`);
  const union = sql`${tickets.id} in (${sql.join(parts, sql` union all `)})`;
  const idHit = range ? sql`when ${tickets.id} between ${range[0]}::uuid and ${range[1]}::uuid then 4 ` : sql``;
  const ticketWhere = range
    ? sql`(${tickets.searchText} like ${pattern} or ${tickets.id} between ${range[0]}::uuid and ${range[1]}::uuid)`
    : sql`${tickets.searchText} like ${pattern}`;
  // `offset 0` keeps it a check per ticket: the planner may not turn it into a hash of every matching message, which
  // it would think cheap (it cannot tell a common word from a rare one) and build from 150,000 rows for a common word.
  // strpos, not LIKE: a form the trigram index cannot serve, so each check reads its one ticket's messages by the
  // ticket index. With LIKE, a planner without statistics (right after a bulk load) ANDed the trigram index into every
  // check and read each of a common word's matches once per ticket: a partner's first search got no answer in 30 s.
  const messageHit = messages
    ? sql`exists (select 1 from ticket_messages m where m.ticket_id = ${tickets.id} and ${containsText(sql`m.body_folded`, folded)}${notes} offset 0)`
    : sql`false`;
  // A partner reaches few tickets: each is checked by its own row and its messages (the ticket index), rather than
  // every partner's matching messages read through the trigram index and most thrown away.
  const where = principal.partnerId ? sql`(${ticketWhere} or ${messageHit})` : union;
  const rank = sql`case ${idHit}when ${tickets.subjectFolded} like ${pattern} then 3 when ${tickets.searchText} like ${pattern} then 2 else 1 end`;
  return { where, ticketWhere, messageHit, rank, folded, messages };
}

/** Characters of a snippet on either side of the match. */
const SNIPPET_CONTEXT = 60;

/**
 * A short excerpt of the text around the first place its folded form contains the folded keyword, in the text's own
 * letters (accents kept), with an ellipsis where it was cut; null when it does not contain it.
 */
export function snippetOf(text: string, folded: string): string | null {
  // Fold letter by letter, remembering where each folded character came from.
  let foldedText = '';
  const origin: number[] = [];
  const chars = Array.from(text);
  let offset = 0;
  for (const char of chars) {
    const f = /\s/.test(char) ? (foldedText.endsWith(' ') || !foldedText ? '' : ' ') : foldForSearch(char);
    for (const c of f) {
      foldedText += c;
      origin.push(offset);
    }
    offset += char.length;
  }
  const at = foldedText.indexOf(folded);
  if (at < 0) return null;
  const start = origin[at];
  const end = at + folded.length < origin.length ? origin[at + folded.length] : text.length;
  const from = Math.max(0, start - SNIPPET_CONTEXT);
  const to = Math.min(text.length, end + SNIPPET_CONTEXT);
  // Never cut a surrogate pair in half.
  const cut = (i: number) => (i > 0 && i < text.length && /[\udc00-\udfff]/.test(text[i]) ? i - 1 : i);
  const head = cut(from);
  const tail = cut(to);
  return `${head > 0 ? '… ' : ''}${text.slice(head, tail).trim()}${tail < text.length ? ' …' : ''}`;
}

/**
 * For the tickets of a page that matched by message text alone: the newest visible message containing the keyword,
 * as a snippet, by ticket id. One query over at most a page of tickets (their messages by the ticket index, which
 * containsText leaves the planner no choice but to use).
 */
export async function messageSnippets(db: Db, principal: Principal, match: ConversationMatch, ticketIds: string[]): Promise<Map<string, string>> {
  if (!match.messages || !ticketIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([ticketMessages.ticketId], { ticketId: ticketMessages.ticketId, body: ticketMessages.body })
    .from(ticketMessages)
    .where(
      and(
        inArray(ticketMessages.ticketId, ticketIds),
        containsText(sql`${ticketMessages.bodyFolded}`, match.folded),
        seesNoteText(principal) ? undefined : eq(ticketMessages.internal, false),
      ),
    )
    .orderBy(ticketMessages.ticketId, sql`${ticketMessages.createdAt} desc`);
  const snippets = new Map<string, string>();
  for (const row of rows) {
    const snippet = snippetOf(textOfHtml(row.body), match.folded);
    if (snippet) snippets.set(row.ticketId, snippet);
  }
  return snippets;
}

/** What POST_MESSAGE stores beside a message's HTML: its text, folded for the search. */
export const foldedBodyOf = (html: string) => foldForSearch(textOfHtml(html));
