import { and, asc, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import * as yup from 'yup';
import type { PagedResult } from '../../../contract/envelope';
import { ONBOARDING_TRIGGERS, type OnboardingRuleDto } from '../../../contract/forms';
import type { UpcomingPartnerFormsDto } from '../../../contract/onboardingRules';
import { onboardingRuleSchema, upcomingQuerySchema, type OnboardingRuleInput } from '../../../contract/schemas/onboardingRules';
import { searchRequestSchema } from '../../../contract/schemas/search';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { writeAudit } from '../../core/audit';
import { ApiError } from '../../core/errors';
import { transactionThenPublish, type DomainEvent } from '../../core/events';
import type { Principal } from '../../core/guard';
import { assertIfMatch, type IfMatch } from '../../core/recordVersion';
import { containsPattern, isUuid, keywordWhere, offsetOf, orderByOf, pageOf, validateSearch, type SortColumns } from '../../core/search';
import { validate } from '../../core/validation';
import { partners } from '../partners/partners.schema';
import { definitionExists, loadRule, ruleWithNames, toOnboardingRuleDto, type RuleWithNames } from './onboardingRuleQueries';
import { onboardingRuleFirings, onboardingRules } from './onboardingRules.schema';

type Publish = (event: DomainEvent) => void;

export const ONBOARDING_RULES_PATH = 'next-partner-forms';

export const onboardingRuleSearchSchema = searchRequestSchema.shape({ trigger: yup.string().oneOf(ONBOARDING_TRIGGERS, ({ path }) => path) });

const announce = (publish: Publish, id: string, action: 'created' | 'updated' | 'deleted') =>
  publish({ type: 'ResourceChanged', resource: ONBOARDING_RULES_PATH, id, action });

/** The definitions a rule names must exist; one rule per (trigger, source, target) among live rules. */
async function assertRuleAllowed(tx: Db, input: OnboardingRuleInput, exceptId: string | null) {
  const named = [
    ['sourceDefinitionId', input.sourceDefinitionId],
    ['targetDefinitionId', input.targetDefinitionId],
  ] as const;
  const unknown = [];
  for (const [field, definitionId] of named) if (definitionId && !(await definitionExists(tx, definitionId))) unknown.push(field);
  if (unknown.length)
    throw new ApiError(
      400,
      'api.validationFailed',
      unknown.map((field) => ({ field, message: 'formRulesApi.unknownDefinition' })),
    );
  // Saves of the same rule queue here, so two of them cannot both pass the check and one fail on the unique index.
  const key = `onboarding_rules:${input.trigger}:${input.sourceDefinitionId ?? ''}:${input.targetDefinitionId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const [same] = await tx
    .select({ id: onboardingRules.id })
    .from(onboardingRules)
    .where(
      and(
        eq(onboardingRules.trigger, input.trigger),
        input.sourceDefinitionId ? eq(onboardingRules.sourceDefinitionId, input.sourceDefinitionId) : isNull(onboardingRules.sourceDefinitionId),
        eq(onboardingRules.targetDefinitionId, input.targetDefinitionId),
        isNull(onboardingRules.deletedAt),
        exceptId ? sql`${onboardingRules.id} <> ${exceptId}` : undefined,
      ),
    );
  if (same) throw new ApiError(409, 'formRulesApi.duplicateRule');
}

const valuesOf = (input: OnboardingRuleInput) => ({
  trigger: input.trigger,
  sourceDefinitionId: input.trigger === 'formSubmitted' ? (input.sourceDefinitionId ?? null) : null,
  targetDefinitionId: input.targetDefinitionId,
  dueDays: input.dueDays ?? null,
});

/** Onboarding rules (API `next-partner-forms`): their CRUD and, per partner, the rules still to come. */
export function createOnboardingRuleService(ctx: AppContext) {
  const { db } = ctx;
  const transaction = <T>(work: (tx: Db, publish: Publish) => Promise<T>) => transactionThenPublish(ctx, work);

  async function found(id: string, conn: Db = db, lock = false): Promise<RuleWithNames> {
    const rule = isUuid(id) ? await loadRule(conn, id.toLowerCase(), lock) : null;
    if (!rule) throw new ApiError(404, 'api.notFound');
    return rule;
  }

  /** A change of one rule, locked, refused (412) when `ifMatch` names another version. */
  async function changeOne(id: string, ifMatch: IfMatch | undefined, change: (tx: Db, publish: Publish, existing: RuleWithNames) => Promise<void>) {
    await found(id);
    return transaction(async (tx, publish) => {
      const existing = await found(id, tx, true);
      await assertIfMatch(ifMatch, existing.row, () => toOnboardingRuleDto(existing));
      await change(tx, publish, existing);
      return existing;
    });
  }

  return {
    async search(_principal: Principal, body: unknown): Promise<PagedResult<OnboardingRuleDto>> {
      const search = await validateSearch(onboardingRuleSearchSchema, body ?? {});
      const where = and(
        isNull(onboardingRules.deletedAt),
        search.trigger ? eq(onboardingRules.trigger, search.trigger) : undefined,
        keywordWhere(search, {
          sourceFormName: (keyword) => ilike(ruleWithNames.sourceFormName, containsPattern(keyword)),
          targetFormName: (keyword) => ilike(ruleWithNames.targetFormName, containsPattern(keyword)),
        }),
      );
      // Every scalar field of OnboardingRuleDto (contract/apiResources.ts).
      const sortable: SortColumns = {
        id: onboardingRules.id,
        trigger: onboardingRules.trigger,
        sourceDefinitionId: onboardingRules.sourceDefinitionId,
        sourceFormName: ruleWithNames.sourceFormName,
        targetDefinitionId: onboardingRules.targetDefinitionId,
        targetFormName: ruleWithNames.targetFormName,
        dueDays: onboardingRules.dueDays,
        createdAt: onboardingRules.createdAt,
        updatedAt: onboardingRules.updatedAt,
      };
      const order = orderByOf(search.orderBy, sortable, [asc(onboardingRules.trigger), desc(onboardingRules.createdAt)]);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(ruleWithNames)
          .from(onboardingRules)
          .where(where)
          .orderBy(...order, onboardingRules.id)
          .limit(search.pageSize)
          .offset(offsetOf(search)),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(onboardingRules)
          .where(where),
      ]);
      return pageOf((rows as RuleWithNames[]).map(toOnboardingRuleDto), total, search);
    },

    async get(_principal: Principal, id: string) {
      return toOnboardingRuleDto(await found(id));
    },

    async create(principal: Principal, body: unknown) {
      const input = await validate(onboardingRuleSchema, body);
      const id = await transaction(async (tx, publish) => {
        await assertRuleAllowed(tx, input, null);
        const [row] = await tx.insert(onboardingRules).values(valuesOf(input)).returning();
        await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'onboarding_rules', key: row.id, after: row });
        announce(publish, row.id, 'created');
        return row.id;
      });
      return toOnboardingRuleDto(await found(id));
    },

    async replace(principal: Principal, id: string, body: unknown, ifMatch?: IfMatch) {
      const input = await validate(onboardingRuleSchema, body);
      const existing = await changeOne(id, ifMatch, async (tx, publish, current) => {
        await assertRuleAllowed(tx, input, current.row.id);
        const [row] = await tx
          .update(onboardingRules)
          .set({ ...valuesOf(input), updatedAt: new Date() })
          .where(eq(onboardingRules.id, current.row.id))
          .returning();
        await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'onboarding_rules', key: row.id, before: current.row, after: row });
        announce(publish, row.id, 'updated');
      });
      return toOnboardingRuleDto(await found(existing.row.id));
    },

    /** Soft delete: the rule's firings keep naming it. */
    async remove(principal: Principal, id: string, ifMatch?: IfMatch) {
      const existing = await changeOne(id, ifMatch, async (tx, publish, current) => {
        await tx.update(onboardingRules).set({ deletedAt: new Date() }).where(eq(onboardingRules.id, current.row.id));
        await writeAudit(tx, { userId: principal.id, type: 'Delete', table: 'onboarding_rules', key: current.row.id, before: current.row });
        announce(publish, current.row.id, 'deleted');
      });
      return toOnboardingRuleDto(existing);
    },

    /**
     * Per partner (paged by partner name), the "when submitted, assign" rules that have not fired for it yet:
     * what the sequence will assign next. Creation rules are left out: a partner that exists is past them.
     */
    async upcoming(_principal: Principal, query: Record<string, unknown>): Promise<PagedResult<UpcomingPartnerFormsDto>> {
      const page = await validate(upcomingQuerySchema, query ?? {});
      const where = and(isNull(partners.deletedAt), page.partnerId ? eq(partners.id, page.partnerId.toLowerCase()) : undefined);
      const [partnerRows, [{ total }], rules] = await Promise.all([
        db
          .select({ id: partners.id, name: partners.name })
          .from(partners)
          .where(where)
          .orderBy(asc(partners.name), asc(partners.id))
          .limit(page.pageSize)
          .offset(offsetOf(page)),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(partners)
          .where(where),
        db
          .select(ruleWithNames)
          .from(onboardingRules)
          .where(and(isNull(onboardingRules.deletedAt), eq(onboardingRules.trigger, 'formSubmitted'))),
      ]);
      const ids = partnerRows.map((partner) => partner.id);
      const fired = ids.length
        ? await db
            .select({ ruleId: onboardingRuleFirings.ruleId, partnerId: onboardingRuleFirings.partnerId })
            .from(onboardingRuleFirings)
            .where(inArray(onboardingRuleFirings.partnerId, ids))
        : [];
      const firedKeys = new Set(fired.map((firing) => `${firing.ruleId} ${firing.partnerId}`));
      const ordered = (rules as RuleWithNames[]).sort((a, b) => (a.sourceFormName ?? '').localeCompare(b.sourceFormName ?? ''));
      const items = partnerRows.map((partner) => ({
        partnerId: partner.id,
        partnerName: partner.name,
        items: ordered
          .filter((rule) => !firedKeys.has(`${rule.row.id} ${partner.id}`))
          .map((rule) => ({ ruleId: rule.row.id, after: rule.sourceFormName ?? '', assign: rule.targetFormName ?? '' })),
      }));
      return pageOf(items, total, page);
    },
  };
}

export type OnboardingRuleService = ReturnType<typeof createOnboardingRuleService>;
