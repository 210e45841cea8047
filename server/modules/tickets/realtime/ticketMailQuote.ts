import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ticketMessages, users } from '../../../db/schema';
import type { QuotedMessage } from '../../notificationPreferences/notificationMail';
import { fullNameOf } from '../../accounts/principal';
import { textOfHtml } from '../ticketHtml';

/** How many of the chat's last lines a reply mail quotes, and how much of each. */
const QUOTED_LINES = 3;
const QUOTED_LINE_CHARACTERS = 1000;

/**
 * The chat's last lines up to and including the message `upToId` (issue 38, item 5), oldest first, as text: what a person wrote, never an
 * internal note (a partner reads this mail) nor a line the portal wrote.
 */
export async function lastChatLines(db: Db, ticketId: string, upToId: string, count = QUOTED_LINES): Promise<QuotedMessage[]> {
  const rows = await db
    .select({ body: ticketMessages.body, createdAt: ticketMessages.createdAt, firstName: users.firstName, lastName: users.lastName })
    .from(ticketMessages)
    .innerJoin(users, eq(users.id, ticketMessages.authorId))
    .where(
      and(
        eq(ticketMessages.ticketId, ticketId),
        eq(ticketMessages.internal, false),
        isNull(ticketMessages.systemEvent),
        // By the row's own timestamp: the DTO's ISO string drops the microseconds and would leave the line itself out.
        sql`${ticketMessages.createdAt} <= (select m.created_at from ticket_messages m where m.id = ${upToId})`,
      ),
    )
    .orderBy(desc(ticketMessages.createdAt), desc(ticketMessages.id))
    .limit(count);
  return rows.reverse().map((row) => ({ author: fullNameOf(row), at: row.createdAt, text: textOfHtml(row.body).slice(0, QUOTED_LINE_CHARACTERS) || '…' }));
}
