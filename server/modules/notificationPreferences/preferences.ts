import { eq } from 'drizzle-orm';
import {
  CHOOSABLE_NOTIFICATION_KINDS,
  DEFAULT_DIGEST_TIME_ZONE,
  SECURITY_NOTIFICATION_KINDS,
  type ChoosableNotificationKind,
  type NotificationChannel,
  type NotificationPreferencesDto,
  type NotificationPreferencesInput,
} from '../../../contract/notificationPreferences';
import { LANGUAGES, type Language } from '../../../contract/http';
import { writeAudit } from '../../core/audit';
import type { Db } from '../../db/client';
import { notificationPreferences } from '../../db/schema';

/** Who a preference belongs to: a partner's user or staff (no partner). */
export interface PreferenceOwner {
  id: string;
  partnerId: string | null;
}

/**
 * The defaults per role (docs/decisions.md): a partner's users get every mail at once (they are rarely in the portal);
 * staff, who live in the portal, get one daily digest.
 */
export function defaultChannel(owner: PreferenceOwner, kind: ChoosableNotificationKind): NotificationChannel {
  void kind;
  return owner.partnerId ? 'mail' : 'digest';
}

export async function loadPreferences(db: Db, owner: PreferenceOwner): Promise<NotificationPreferencesDto> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, owner.id));
  const chosen = row?.channels ?? {};
  const channels = Object.fromEntries(
    CHOOSABLE_NOTIFICATION_KINDS.map((kind) => [kind, (chosen[kind] as NotificationChannel | undefined) ?? defaultChannel(owner, kind)]),
  ) as Record<ChoosableNotificationKind, NotificationChannel>;
  return {
    channels,
    security: [...SECURITY_NOTIFICATION_KINDS],
    language: (row?.language as Language | null | undefined) ?? null,
    timeZone: row?.timeZone ?? DEFAULT_DIGEST_TIME_ZONE,
  };
}

/** Saves the given choices over the stored ones, audited in the same transaction; `actorId` null: by an unsubscribe link. */
export async function savePreferences(db: Db, owner: PreferenceOwner, input: NotificationPreferencesInput, actorId: string | null) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(notificationPreferences).where(eq(notificationPreferences.userId, owner.id)).for('update');
    const before = row ? { channels: row.channels, language: row.language, timeZone: row.timeZone } : null;
    const after = {
      channels: { ...(row?.channels ?? {}), ...input.channels },
      language: input.language !== undefined ? input.language : (row?.language ?? null),
      timeZone: input.timeZone ?? row?.timeZone ?? null,
    };
    await tx
      .insert(notificationPreferences)
      .values({ userId: owner.id, ...after })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...after, updatedAt: new Date() } });
    await writeAudit(tx, { userId: actorId, type: row ? 'Update' : 'Create', table: 'notification_preferences', key: owner.id, before, after });
  });
  return loadPreferences(db, owner);
}

/** The languages to write a user's mail in: the one they chose, else every language (the portal knows no other). */
export async function mailLanguagesOf(db: Db, userId: string): Promise<readonly Language[]> {
  const [row] = await db.select({ language: notificationPreferences.language }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row?.language ? [row.language as Language] : LANGUAGES;
}
