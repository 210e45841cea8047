import { and, eq } from 'drizzle-orm';
import { foldForSearch } from '../../../contract/fold';
import type { AppContext } from '../../context';
import { demoPartnerId } from '../partners/partners.seed';
import { demoUserIds } from '../users/users.seed';
import { DEMO_TICKET_OWNERS, demoTickets, SUPPORT_USER, type DemoFile } from './tickets.demo';
import { foldedBodyOf } from './conversationSearch';
import { attachmentStore } from './ticketFiles';
import { toSafeHtml } from './ticketHtml';
import { ticketAttachments, ticketMessages, tickets } from './tickets.schema';
import { otherSide, searchTextOf } from './tickets.service';

const HOUR = 60 * 60 * 1000;

/** The bytes of a demo file, where the tickets module keeps attachments; the key they are stored under. */
async function storeDemoFile(ctx: AppContext, file: DemoFile) {
  return (await attachmentStore(ctx.files).put(file.bytes)).key;
}

/** Whose answer a partner's ticket waits for after its chat, as tickets.service.ts keeps it message by message. */
function awaitingAfter(createdAt: Date, messages: { side: 'staff' | 'partner'; at: Date }[]) {
  let awaiting = { awaitingSide: 'staff' as 'staff' | 'partner', awaitingSince: createdAt };
  for (const { side, at } of messages) if (side === awaiting.awaitingSide) awaiting = { awaitingSide: otherSide(side), awaitingSince: at };
  return awaiting;
}

/**
 * The demo tickets of DESIGN.md a database lacks: every status for Acme and Globex, with chat and attachments.
 * A ticket is known by its partner and subject; one that is there (edited, answered since) is left as it is.
 * A demo partner or account that is not there has no demo tickets.
 */
export async function seedDemoTickets(ctx: AppContext) {
  const { db } = ctx;
  const userIds = await demoUserIds(db, [SUPPORT_USER, ...DEMO_TICKET_OWNERS.map((o) => o.partnerUser)]);
  const supportId = userIds.get(SUPPORT_USER);
  const now = Date.now();

  async function storeFiles(ticketId: string, messageId: string | null, uploadedBy: string, files: DemoFile[] = []) {
    for (const file of files) {
      const storageName = await storeDemoFile(ctx, file);
      await db
        .insert(ticketAttachments)
        .values({ ticketId, messageId, uploadedBy, storageName, fileName: file.fileName, contentType: file.contentType, size: file.bytes.length });
    }
  }

  for (const [ownerIndex, owner] of DEMO_TICKET_OWNERS.entries()) {
    const partnerId = await demoPartnerId(db, owner.partnerName);
    const partnerUserId = userIds.get(owner.partnerUser);
    if (!partnerId || !partnerUserId || !supportId) continue;
    for (const [ticketIndex, demo] of demoTickets(owner).entries()) {
      const [present] = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.partnerId, partnerId), eq(tickets.subject, demo.subject)))
        .limit(1);
      if (present) continue;
      // Older statuses are older tickets: a CLOSED one began weeks ago, an OPEN one a day or two ago.
      const createdAt = new Date(now - (ticketIndex * 7 + ownerIndex + 1) * 24 * HOUR);
      const description = toSafeHtml(demo.description);
      const lastMessageAt = new Date(createdAt.getTime() + demo.messages.length * 3 * HOUR);
      const messageTimes = demo.messages.map((_, messageIndex) => new Date(createdAt.getTime() + (messageIndex + 1) * 3 * HOUR));
      const awaiting = awaitingAfter(
        createdAt,
        demo.messages.map((m, messageIndex) => ({ side: m.from === 'partner' ? 'partner' : 'staff', at: messageTimes[messageIndex] })),
      );
      const [ticket] = await db
        .insert(tickets)
        .values({
          subject: demo.subject,
          description,
          status: demo.status,
          partnerId,
          createdBy: partnerUserId,
          searchText: searchTextOf(demo.subject, description),
          subjectFolded: foldForSearch(demo.subject),
          createdAt,
          updatedAt: lastMessageAt,
          lastMessageAt,
          ...awaiting,
        })
        .returning({ id: tickets.id });
      await storeFiles(ticket.id, null, partnerUserId, demo.files);
      for (const [messageIndex, message] of demo.messages.entries()) {
        const authorId = message.from === 'partner' ? partnerUserId : supportId;
        const body = toSafeHtml(message.body);
        const [row] = await db
          .insert(ticketMessages)
          .values({ ticketId: ticket.id, authorId, body, bodyFolded: foldedBodyOf(body), createdAt: messageTimes[messageIndex] })
          .returning({ id: ticketMessages.id });
        await storeFiles(ticket.id, row.id, authorId, message.files);
      }
    }
  }
}
