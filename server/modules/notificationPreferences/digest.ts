import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { LANGUAGES, type Language } from '../../../contract/http';
import { DEFAULT_DIGEST_TIME_ZONE, DIGEST_HOUR } from '../../../contract/notificationPreferences';
import type { AppContext } from '../../context';
import { translate } from '../../core/i18n';
import { renderMail } from '../../mail/mailTemplate';
import { instantIn } from '../../mail/mailTime';
import { digestItems, notificationPreferences } from '../../db/schema';
import { loadPrincipal } from '../accounts/principal';
import { unsubscribeHeaders, unsubscribeUrl } from './notificationMail';

/**
 * One run of the daily digest at `now` (the job passes the clock; tests their own): each user with items kept before
 * their last local DIGEST_HOUR o'clock (in their time zone) gets one mail of them. Each user's items are claimed by an
 * UPDATE … WHERE sent_at IS NULL RETURNING in a transaction that also sends: a second instance running at the same
 * moment waits on those rows, then finds them sent; a failed send rolls the claim back for the next run.
 */
export async function runDigest(ctx: Pick<AppContext, 'config' | 'db' | 'mailer' | 'log'>, now: Date): Promise<number> {
  const at = now.toISOString();
  const due = (await ctx.db.execute(sql`
    with owners as (
      select distinct d.user_id, coalesce(p.time_zone, ${DEFAULT_DIGEST_TIME_ZONE}) as tz
      from ${digestItems} d left join ${notificationPreferences} p on p.user_id = d.user_id
      where d.sent_at is null
    )
    select user_id as "userId",
      ((date_trunc('day', ${at}::timestamptz at time zone tz) + make_interval(hours => ${DIGEST_HOUR})
        - case when (${at}::timestamptz at time zone tz)::time < make_time(${DIGEST_HOUR}, 0, 0) then interval '1 day' else interval '0' end)
        at time zone tz) as cutoff
    from owners`)) as unknown as { rows: { userId: string; cutoff: string | Date }[] };
  let sent = 0;
  for (const { userId, cutoff } of due.rows) {
    const sentOne = await ctx.db.transaction(async (tx) => {
      const items = await tx
        .update(digestItems)
        .set({ sentAt: now })
        .where(and(eq(digestItems.userId, userId), isNull(digestItems.sentAt), lt(digestItems.createdAt, new Date(cutoff))))
        .returning();
      if (!items.length) return false;
      const reader = await loadPrincipal(ctx.db, userId);
      if (!reader) return true;
      const [row] = await tx.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
      const languages: readonly Language[] = row?.language ? [row.language as Language] : LANGUAGES;
      const timeZone = row?.timeZone ?? DEFAULT_DIGEST_TIME_ZONE;
      items.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      const url = unsubscribeUrl(ctx, userId, 'digest');
      const copy = (language: Language) => {
        const subject = translate(language, 'notificationPreferences.digestSubject', { count: String(items.length) });
        return {
          subject,
          heading: subject,
          paragraphs: [translate(language, 'notificationPreferences.digestIntro', { name: reader.fullName })],
          items: items.map((item) => ({
            title: item.subjects[language] ?? '',
            at: instantIn(language, timeZone, item.createdAt),
            text: item.texts[language] ?? '',
            link: item.link ? { label: translate(language, 'notificationPreferences.digestOpen'), url: item.link } : undefined,
          })),
        };
      };
      await ctx.mailer.send({ to: reader.email, ...renderMail(languages, copy, url), headers: unsubscribeHeaders(url) });
      return true;
    });
    if (sentOne) sent += 1;
  }
  return sent;
}
