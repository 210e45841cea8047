import type { TicketStatus } from '../../../contract/tickets';

/** A 1×1 PNG, the smallest valid image: a stand-in screenshot. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export interface DemoFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

const screenshot = (fileName: string): DemoFile => ({ fileName, contentType: 'image/png', bytes: TINY_PNG });
const textFile = (fileName: string, text: string): DemoFile => ({
  fileName,
  contentType: fileName.endsWith('.csv') ? 'text/csv' : 'text/plain',
  bytes: Buffer.from(text, 'utf8'),
});

export interface DemoTicket {
  status: TicketStatus;
  subject: string;
  description: string;
  files?: DemoFile[];
  /** Who writes, in turn: the partner's user or support. */
  messages: { from: 'partner' | 'support'; body: string; files?: DemoFile[] }[];
}

/**
 * One ticket per status for each demo partner, with a short chat and a few files. A partner that `chases` wrote
 * again after support's answer on its OPEN ticket, so that ticket waits for us (staff Home's "Waiting longest").
 */
export const demoTickets = ({ partnerName, chases }: { partnerName: string; chases: boolean }): DemoTicket[] => [
  {
    status: 'OPEN',
    subject: 'Cannot upload the signed contract',
    description: '<p>When I upload the signed contract the page shows <strong>an error</strong>.</p><p>A screenshot is attached.</p>',
    files: [screenshot('upload-error.png')],
    messages: [
      { from: 'partner', body: 'It happens with every PDF I try.' },
      { from: 'support', body: '<p>Thank you. Could you tell us the size of the file?</p>' },
      ...(chases ? [{ from: 'partner' as const, body: 'It is 14 MB. Our deadline for the contract is Friday: any news?' }] : []),
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

/** Which demo partner's tickets, written by which of its users, answered by support. */
export const DEMO_TICKET_OWNERS = [
  { partnerName: 'Acme Logistics', partnerUser: 'partner@acme.example', chases: false },
  { partnerName: 'Globex Trading', partnerUser: 'partner@globex.example', chases: true },
] as const;
export const SUPPORT_USER = 'support@example.com';
