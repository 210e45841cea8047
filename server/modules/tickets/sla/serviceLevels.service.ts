import { eq } from 'drizzle-orm';
import { DEFAULT_SERVICE_LEVELS, type ServiceLevelSettings, type ServiceLevelSettingsDto } from '../../../../contract/serviceLevels';
import type { AppContext } from '../../../context';
import { writeAudit } from '../../../core/audit';
import { transactionThenPublish } from '../../../core/events';
import type { Principal } from '../../../core/guard';
import type { Db } from '../../../db/client';
import { serviceLevelSettings } from './sla.schema';
import { BusinessHoursOf } from './slaClock';

const SETTINGS_ID = 1;
/** The audit trail's key of the one settings row. */
export const SERVICE_LEVELS_KEY = 'service-levels';

/** The settings in force: the saved row, or the defaults (Mon–Fri 08:00–17:00, Asia/Ho_Chi_Minh) before the first save. */
export async function loadServiceLevels(db: Pick<Db, 'select'>): Promise<ServiceLevelSettingsDto> {
  const [row] = await db.select().from(serviceLevelSettings).where(eq(serviceLevelSettings.id, SETTINGS_ID));
  if (!row) return { ...DEFAULT_SERVICE_LEVELS, updatedAt: null };
  return { calendar: row.calendar, targets: row.targets, updatedAt: row.updatedAt.toISOString() };
}

/** How long an instance keeps the settings it read: a save elsewhere is in force on every instance this much later at most. */
const SETTINGS_TTL_MS = 5_000;

interface KeptSettings {
  settings: ServiceLevelSettingsDto;
  hours: BusinessHoursOf;
  readAt: number;
}

const kept = new WeakMap<object, KeptSettings>();

/** The settings in force and their business hours (kept a few seconds per database: a page of tickets shares them). */
export async function serviceLevelsInForce(db: Pick<Db, 'select'>): Promise<KeptSettings> {
  const now = Date.now();
  const cached = kept.get(db);
  if (cached && now - cached.readAt < SETTINGS_TTL_MS) return cached;
  const settings = await loadServiceLevels(db);
  const fresh = { settings, hours: new BusinessHoursOf(settings.calendar), readAt: now };
  kept.set(db, fresh);
  return fresh;
}

/** A save on this instance is in force here at once. */
export const forgetServiceLevels = (db: Pick<Db, 'select'>) => void kept.delete(db);

/** Reading and replacing the service level settings; every save is audited and announced to staff. */
export function createServiceLevelService(ctx: Pick<AppContext, 'db' | 'events'>) {
  async function save(principal: Principal, settings: ServiceLevelSettings): Promise<ServiceLevelSettingsDto> {
    await transactionThenPublish(ctx, async (tx, publish) => {
      // The row locked first: two saves at once are audited one after the other, each with what it replaced.
      const [before] = await tx.select().from(serviceLevelSettings).where(eq(serviceLevelSettings.id, SETTINGS_ID)).for('update');
      const values = { calendar: settings.calendar, targets: settings.targets, updatedAt: new Date(), updatedBy: principal.id };
      await tx
        .insert(serviceLevelSettings)
        .values({ id: SETTINGS_ID, ...values })
        .onConflictDoUpdate({ target: serviceLevelSettings.id, set: values });
      const previous = before ? { calendar: before.calendar, targets: before.targets } : DEFAULT_SERVICE_LEVELS;
      await writeAudit(tx, {
        userId: principal.id,
        type: before ? 'Update' : 'Create',
        table: 'service_level_settings',
        key: SERVICE_LEVELS_KEY,
        before: before ? { ...previous } : null,
        after: { calendar: settings.calendar, targets: settings.targets },
      });
      publish({ type: 'ResourceChanged', resource: SERVICE_LEVELS_KEY, id: SERVICE_LEVELS_KEY, action: 'updated', partnerId: null });
    });
    forgetServiceLevels(ctx.db);
    return loadServiceLevels(ctx.db);
  }

  return { get: () => loadServiceLevels(ctx.db), save };
}
