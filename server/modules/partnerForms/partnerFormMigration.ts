import { and, asc, eq, inArray } from 'drizzle-orm';
import { carryAnswers, versionChanges } from '../../../contract/answers';
import type { PartnerFormStatus } from '../../../contract/forms';
import type { MigrationOutcome, PartnerFormMigrationResult, VersionChangesDto } from '../../../contract/partnerForms';
import type { MigratePartnerFormsInput } from '../../../contract/schemas/partnerForms';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { partnerForms, partners } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { transactionThenPublish, type DomainEvent } from '../../core/events';
import type { Principal } from '../../core/guard';
import { isUuid } from '../../core/search';
import { readyVersionOf, type FormVersionRow } from '../formDefinitions/formVersionQueries';
import type { PartnerFormRow } from './assignment';
import { findVisiblePartnerForm, partnerFormChanged, versionOfPartnerForm } from './partnerFormAccess';
import { partnerFormColumns } from './partnerFormColumns';
import { selectPartnerFormDtos } from './partnerFormDtos';
import { partnerFormScope } from './partnerFormSearch';
import { holdsAnotherOpen, statusChanged } from './partnerFormStaff';

const versionRef = (version: Pick<FormVersionRow, 'id' | 'versionNumber'>) => ({ id: version.id, versionNumber: version.versionNumber });

/** The partner form's answers moved to `to` by question key; those it does not take join the retired answers, never dropped. */
function movedTo(row: PartnerFormRow, to: FormVersionRow, partnerName: string) {
  const { carried, retired } = carryAnswers(row.answers, to.sections);
  const retiredAt = new Date().toISOString();
  return {
    formId: to.id,
    answers: carried,
    retiredAnswers: [
      ...row.retiredAnswers,
      ...Object.entries(retired).map(([questionKey, value]) => ({ questionKey, value, fromFormId: row.formId, retiredAt })),
    ],
    versionDecision: null,
    prefilledKeys: row.prefilledKeys.filter((key) => Object.hasOwn(carried, key)),
    ...partnerFormColumns(to.sections, carried, { formName: to.name, partnerName }),
  };
}

/**
 * A newer version while partners fill in (issue item 6): what it changes for one partner form, and per partner
 * form migrate the draft (answers carried by key), keep the old version, or reopen a finished one on the new.
 */
export function createPartnerFormMigration(ctx: Pick<AppContext, 'db' | 'events'>) {
  const { db } = ctx;

  async function changes(principal: Principal, id: string): Promise<VersionChangesDto> {
    const row = await findVisiblePartnerForm(db, principal, id);
    const from = await versionOfPartnerForm(db, row);
    const ready = await readyVersionOf(db, row.definitionId);
    const newer = ready && ready.id !== from.id ? ready : null;
    return {
      fromForm: versionRef(from),
      toForm: newer ? versionRef(newer) : null,
      ...versionChanges(from.sections, newer ? newer.sections : from.sections, row.answers),
    };
  }

  /** One partner form under its lock: the action's outcome, or why it was left alone. */
  async function migrateOne(
    tx: Db,
    publish: (event: DomainEvent) => void,
    principal: Principal,
    row: PartnerFormRow & { partnerName: string },
    input: MigratePartnerFormsInput,
  ): Promise<MigrationOutcome> {
    const ready = await readyVersionOf(tx, row.definitionId);
    if (!ready || ready.id === row.formId) return 'notOutdated';
    const status = row.status as PartnerFormStatus;
    const note = input.note !== undefined ? { note: input.note } : {};
    let change: Partial<typeof partnerForms.$inferInsert>;
    let outcome: MigrationOutcome;
    if (input.action === 'keep') {
      if (status === 'SUBMITTED') return 'notOpen';
      [change, outcome] = [{ versionDecision: 'keep', ...note }, 'kept'];
    } else if (input.action === 'migrate') {
      if (status !== 'OPEN') return 'notOpen';
      // On another version a review's flags no longer name its questions: the review ends (all editable).
      [change, outcome] = [{ ...movedTo(row, ready, row.partnerName), reviewState: null, ...note }, 'migrated'];
    } else {
      if (status === 'OPEN') return 'notReopenable';
      if (status === 'SUBMITTED' && (await holdsAnotherOpen(tx, row))) return 'alreadyOpen';
      [change, outcome] = [
        { ...movedTo(row, ready, row.partnerName), status: 'OPEN', submittedAt: null, reopenedAt: new Date(), reviewState: null, ...note },
        'reopened',
      ];
    }
    const [saved] = await tx
      .update(partnerForms)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(partnerForms.id, row.id))
      .returning();
    const { partnerName: _name, ...before } = row;
    await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'partner_forms', key: saved.id, before, after: saved });
    if (outcome === 'reopened') statusChanged(publish, saved, status, 'reopened', principal.id);
    else partnerFormChanged(publish, saved);
    return outcome;
  }

  /** Every id in one transaction, rows locked in id order (two migrations of overlapping sets cannot deadlock). */
  async function migrate(principal: Principal, input: MigratePartnerFormsInput): Promise<PartnerFormMigrationResult[]> {
    const ids = [...new Set(input.ids.filter(isUuid).map((id) => id.toLowerCase()))];
    const outcomes = await transactionThenPublish(ctx, async (tx, publish) => {
      const rows = ids.length
        ? await tx
            .select({ row: partnerForms, partnerName: partners.name })
            .from(partnerForms)
            .innerJoin(partners, eq(partners.id, partnerForms.partnerId))
            .where(and(inArray(partnerForms.id, ids), partnerFormScope(principal)))
            .orderBy(asc(partnerForms.id))
            .for('update', { of: partnerForms })
        : [];
      const found = new Map<string, MigrationOutcome>();
      for (const { row, partnerName } of rows) found.set(row.id, await migrateOne(tx, publish, principal, { ...row, partnerName }, input));
      return found;
    });
    const changed = [...outcomes].filter(([, outcome]) => ['migrated', 'kept', 'reopened'].includes(outcome)).map(([id]) => id);
    const dtos = new Map((changed.length ? await selectPartnerFormDtos(db, inArray(partnerForms.id, changed)) : []).map((dto) => [dto.id, dto]));
    return input.ids.map((raw) => {
      const id = raw.toLowerCase();
      const dto = dtos.get(id);
      return { id: raw, action: input.action, outcome: outcomes.get(id) ?? 'notFound', ...(dto ? { partnerForm: dto } : {}) };
    });
  }

  return { changes, migrate };
}
