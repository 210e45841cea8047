import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { foldForSearch } from '../../contract/fold';
import type { TicketStatus } from '../../contract/tickets';
import type { Db } from '../db/client';
import { partners, ticketAttachments, ticketMessages, tickets, users } from '../db/schema';
import { textOfHtml, toSafeHtml } from '../modules/tickets/ticketHtml';

/** A 1×1 PNG, the smallest valid image: a stand-in screenshot. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

interface DemoFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

const screenshot = (fileName: string): DemoFile => ({ fileName, contentType: 'image/png', bytes: TINY_PNG });
const textFile = (fileName: string, text: string): DemoFile => ({ fileName, contentType: fileName.endsWith('.csv') ? 'text/csv' : 'text/plain', bytes: Buffer.from(text, 'utf8') });

interface DemoTicket {
  status: TicketStatus;
  subject: string;
  description: string;
  files?: DemoFile[];
  /** Who writes, in turn: the partner's user or support. */
  messages: { from: 'partner' | 'support'; body: string; files?: DemoFile[] }[];
}

/** One ticket per status for each demo partner, with a short chat and a few files. */
const demoTickets = (partnerName: string): DemoTicket[] => [
  {
    status: 'OPEN',
    subject: 'Cannot upload the signed contract',
    description: '<p>When I upload the signed contract the page shows <strong>an error</strong>.</p><p>A screenshot is attached.</p>',
    files: [screenshot('upload-error.png')],
    messages: [
      { from: 'partner', body: 'It happens with every PDF I try.' },
      { from: 'support', body: '<p>Thank you. Could you tell us the size of the file?</p>' },
    ],
  },
  {
    status: 'PENDING',
    subject: 'Update of our bank details',
    description: `<p>${partnerName} has a new bank account. Which form should we fill in?</p>`,
    messages: [
      { from: 'partner', body: 'We need the change before the end of the month.' },
      { from: 'support', body: '<p>Please send us the bank confirmation letter; we will wait for it.</p>' },
      { from: 'partner', body: 'We will send it next week.' },
    ],
  },
  {
    status: 'RESOLVED',
    subject: 'Shipment report shows wrong totals',
    description: '<p>The monthly report adds every shipment <em>twice</em>.</p><ul><li>March</li><li>April</li></ul>',
    files: [textFile('shipments.csv', 'date,reference,total\n2025-03-01,SH-1001,120\n2025-03-02,SH-1002,80\n')],
    messages: [
      { from: 'support', body: '<p>We found the cause and corrected the reports.</p>' },
      { from: 'partner', body: 'The totals are right now, thank you.', files: [textFile('check.txt', 'March and April totals checked: OK.\n')] },
      { from: 'support', body: 'Glad to hear it. We mark this ticket as resolved.' },
    ],
  },
  {
    status: 'CLOSED',
    subject: 'Access for a new colleague',
    description: '<p>Please give our new colleague access to the portal.</p>',
    messages: [
      { from: 'partner', body: 'Her email is in the attached note.', files: [textFile('new-colleague.txt', 'Name: Lan Phạm\nRole: accounting\n')] },
      { from: 'support', body: '<p>Done: she has received an activation mail.</p>' },
      { from: 'partner', body: 'She can sign in now. Thanks!' },
      { from: 'support', body: 'Closing this ticket.' },
    ],
  },
];

/** Which demo partner's tickets, written by which of its users. */
const DEMO_TICKET_OWNERS = [
  { partnerName: 'Acme Logistics', partnerUser: 'partner@acme.example' },
  { partnerName: 'Globex Trading', partnerUser: 'partner@globex.example' },
];
const SUPPORT_USER = 'support@example.com';

const HOUR = 60 * 60 * 1000;

/**
 * The demo tickets of DESIGN.md: every status for Acme and Globex, with chat and attachments (the files go
 * to `attachmentsDir`). Runs inside seedDemo's transaction, so on an empty database only.
 */
export async function seedTickets(tx: Pick<Db, 'select' | 'insert'>, attachmentsDir: string) {
  const partnerRows = await tx.select({ id: partners.id, name: partners.name }).from(partners).where(inArray(partners.name, DEMO_TICKET_OWNERS.map((o) => o.partnerName)));
  const userRows = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, [SUPPORT_USER, ...DEMO_TICKET_OWNERS.map((o) => o.partnerUser)]));
  const userId = (email: string) => userRows.find((u) => u.email === email)!.id;
  await fs.mkdir(attachmentsDir, { recursive: true });

  async function storeFiles(ticketId: string, messageId: string | null, uploadedBy: string, files: DemoFile[] = []) {
    for (const file of files) {
      const storageName = crypto.randomBytes(16).toString('hex');
      await fs.writeFile(path.join(attachmentsDir, storageName), file.bytes);
      await tx.insert(ticketAttachments).values({ ticketId, messageId, uploadedBy, storageName, fileName: file.fileName, contentType: file.contentType, size: file.bytes.length });
    }
  }

  const now = Date.now();
  for (const [ownerIndex, owner] of DEMO_TICKET_OWNERS.entries()) {
    const partner = partnerRows.find((p) => p.name === owner.partnerName)!;
    const partnerUserId = userId(owner.partnerUser);
    for (const [ticketIndex, demo] of demoTickets(owner.partnerName).entries()) {
      // Older statuses are older tickets: a CLOSED one began weeks ago, an OPEN one today.
      const createdAt = new Date(now - ((3 - ticketIndex) * 7 + ownerIndex + 1) * 24 * HOUR);
      const description = toSafeHtml(demo.description);
      const lastMessageAt = new Date(createdAt.getTime() + demo.messages.length * 3 * HOUR);
      const [ticket] = await tx
        .insert(tickets)
        .values({
          subject: demo.subject,
          description,
          status: demo.status,
          partnerId: partner.id,
          createdBy: partnerUserId,
          searchText: foldForSearch(`${demo.subject} ${textOfHtml(description)}`),
          subjectFolded: foldForSearch(demo.subject),
          createdAt,
          updatedAt: lastMessageAt,
          lastMessageAt,
        })
        .returning({ id: tickets.id });
      await storeFiles(ticket.id, null, partnerUserId, demo.files);
      for (const [messageIndex, message] of demo.messages.entries()) {
        const authorId = message.from === 'partner' ? partnerUserId : userId(SUPPORT_USER);
        const [row] = await tx
          .insert(ticketMessages)
          .values({ ticketId: ticket.id, authorId, body: toSafeHtml(message.body), createdAt: new Date(createdAt.getTime() + (messageIndex + 1) * 3 * HOUR) })
          .returning({ id: ticketMessages.id });
        await storeFiles(ticket.id, row.id, authorId, message.files);
      }
    }
  }
}
