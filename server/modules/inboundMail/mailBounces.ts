import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { HeaderValue } from 'mailparser';
import type { Db } from '../../db/client';
import { mailBounces } from './inboundMail.schema';

/** A delivery status notification (RFC 3464): `multipart/report; report-type=delivery-status`. */
export function isDeliveryReport(headers: Map<string, HeaderValue>) {
  const type = headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  return type?.value?.toLowerCase() === 'multipart/report' && type.params?.['report-type']?.toLowerCase() === 'delivery-status';
}

/**
 * The recipients a report says failed for good (`Action: failed`), with their diagnostic: per-recipient blocks of
 * the message/delivery-status part, `Final-Recipient: rfc822; someone@example.com`.
 */
export function deliveryFailuresOf(report: string): { email: string; diagnostic: string | null }[] {
  const blocks = report
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split(/\n\s*\n/);
  const failures: { email: string; diagnostic: string | null }[] = [];
  for (const block of blocks) {
    const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(block)?.[1]?.trim();
    const recipient = field('Final-Recipient') ?? field('Original-Recipient');
    if (!recipient || field('Action')?.toLowerCase() !== 'failed') continue;
    const email = recipient
      .replace(/^[^;]*;\s*/, '')
      .replace(/^<|>$/g, '')
      .trim()
      .toLowerCase();
    if (email.includes('@') && email.length <= 255) failures.push({ email, diagnostic: field('Diagnostic-Code')?.slice(0, 1000) ?? field('Status') ?? null });
  }
  return failures;
}

/** Marks these addresses as bouncing (again: the latest report's diagnostic is kept). */
export async function markBouncing(db: Db, failures: { email: string; diagnostic: string | null }[]) {
  const byEmail = new Map(failures.map((f) => [f.email.trim().toLowerCase(), { ...f, email: f.email.trim().toLowerCase() }]));
  if (!byEmail.size) return;
  await db
    .insert(mailBounces)
    .values([...byEmail.values()])
    .onConflictDoUpdate({ target: mailBounces.email, set: { bouncedAt: sql`now()`, diagnostic: sql`excluded.diagnostic` } });
}

/** Whether the mailer should skip this address (server/app.ts gives it to the mailer). */
export async function isBouncing(db: Db, address: string) {
  const rows = await db.execute(sql`select 1 from mail_bounces where email = ${address.trim().toLowerCase()}`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Since when mail to the row's address bounces, or null: read beside the row (no query per row). */
export const mailBouncedAtOf = (emailColumn: AnyPgColumn): SQL<Date | string | null> =>
  sql`(select ${mailBounces.bouncedAt} from ${mailBounces} where ${mailBounces.email} = lower(${emailColumn}))`;

/** Staff clearing an address (or a test): the mailer sends to it again. */
export async function clearBouncing(db: Pick<Db, 'execute'>, address: string) {
  await db.execute(sql`delete from mail_bounces where email = ${address.trim().toLowerCase()}`);
}
