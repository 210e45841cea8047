import { and, asc, count, desc, eq, gt, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AgreementAcceptanceDto, AgreementAcceptedDto, AgreementVersionDto, PendingAgreementDto } from '../../../contract/agreements';
import type { PagedResult } from '../../../contract/envelope';
import { permission } from '../../../contract/permissions';
import { agreementAcceptanceSearchSchema, publishAgreementVersionSchema } from '../../../contract/schemas/agreements';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { writeAudit } from '../../core/audit';
import { ApiError } from '../../core/errors';
import { transactionThenPublish } from '../../core/events';
import type { Principal } from '../../core/guard';
import { ownPartnerRows } from '../../core/partnerIsolation';
import { containsFoldedIn, idsFilter, isUuid, keywordWhere, orderByOf, readPage, validateSearch, type SortColumns } from '../../core/search';
import { validate } from '../../core/validation';
import { partners } from '../partners/partners.schema';
import { users } from '../users/users.schema';
import { acceptanceColumns, acceptanceOf, latestVersionOf, selectAcceptances, toAcceptanceDto, versionsOf } from './agreementQueries';
import { agreementAcceptances, agreements, agreementVersions } from './agreements.schema';

const ACCEPTANCES_PATH = 'agreement-acceptances';

const notFound = () => new ApiError(404, 'api.notFound');

/** Staff see every partner's acceptances with Agreements.AdminView; a partner's user (given the permission) only their partner's. */
export const acceptanceScope = ownPartnerRows(agreementAcceptances.partnerId, permission('Agreements', 'AdminView'));

// Every field of AgreementAcceptanceDto (contract/apiResources.ts lists them as sortable).
const sortable: SortColumns = { ...acceptanceColumns };

/** Agreements' versions, what a partner's user still has to accept, their acceptance, and staff's list of acceptances. */
export function createAgreementService(ctx: AppContext) {
  const { db } = ctx;

  async function agreementOf(conn: Db, id: string, lock: 'update' | 'share' | null = null) {
    if (!isUuid(id)) return undefined;
    const query = conn.select().from(agreements).where(eq(agreements.id, id.toLowerCase()));
    const [found] = await (lock === 'update' ? query.for('update') : lock === 'share' ? query.for('share') : query);
    return found;
  }

  async function acceptanceDto(conn: Db, id: string): Promise<AgreementAcceptanceDto> {
    const [row] = await selectAcceptances(conn).where(eq(agreementAcceptances.id, id));
    return toAcceptanceDto(row);
  }

  return {
    async versions(agreementId: string): Promise<AgreementVersionDto[]> {
      const agreement = await agreementOf(db, agreementId);
      if (!agreement) throw notFound();
      return versionsOf(db, agreement.id);
    },

    /** A new version, numbered one past the newest: every partner's user is asked to accept it. */
    async publish(principal: Principal, agreementId: string, body: unknown): Promise<AgreementVersionDto> {
      if (!(await agreementOf(db, agreementId))) throw notFound();
      const input = await validate(publishAgreementVersionSchema, body);
      const id = await transactionThenPublish(ctx, async (tx, publish) => {
        // Publishes of one agreement queue on its row, so two cannot take the same number; acceptances share it.
        const agreement = await agreementOf(tx, agreementId, 'update');
        if (!agreement) throw notFound();
        const latest = await latestVersionOf(tx, agreement.id);
        const values = {
          agreementId: agreement.id,
          versionNumber: (latest?.versionNumber ?? 0) + 1,
          bodyEn: input.bodyEn,
          bodyVi: input.bodyVi,
          publishedBy: principal.id,
        };
        const [created] = await tx.insert(agreementVersions).values(values).returning();
        await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'agreement_versions', key: created.id, after: created });
        publish({ type: 'ResourceChanged', resource: 'agreements', id: agreement.id, action: 'updated' });
        return created.id;
      });
      return (await versionsOf(db, agreementId.toLowerCase())).find((v) => v.id === id)!;
    },

    /** The newest version of each agreement that this user has not accepted; staff (no partner) are asked nothing. */
    async pending(principal: Principal): Promise<PendingAgreementDto[]> {
      if (!principal.partnerId) return [];
      const newer = alias(agreementVersions, 'newer');
      const rows = await db
        .select({
          agreementId: agreements.id,
          nameEn: agreements.nameEn,
          nameVi: agreements.nameVi,
          versionId: agreementVersions.id,
          versionNumber: agreementVersions.versionNumber,
          bodyEn: agreementVersions.bodyEn,
          bodyVi: agreementVersions.bodyVi,
          publishedAt: agreementVersions.publishedAt,
          acceptedBefore: sql<boolean>`exists (select 1 from agreement_acceptances x where x.agreement_id = agreements.id and x.user_id = ${principal.id})`,
        })
        .from(agreementVersions)
        .innerJoin(agreements, eq(agreements.id, agreementVersions.agreementId))
        .where(
          and(
            notExists(
              db
                .select({ one: sql`1` })
                .from(newer)
                .where(and(eq(newer.agreementId, agreementVersions.agreementId), gt(newer.versionNumber, agreementVersions.versionNumber))),
            ),
            notExists(
              db
                .select({ one: sql`1` })
                .from(agreementAcceptances)
                .where(and(eq(agreementAcceptances.versionId, agreementVersions.id), eq(agreementAcceptances.userId, principal.id))),
            ),
          ),
        )
        .orderBy(asc(agreements.nameEn), asc(agreements.id));
      return rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() }));
    },

    /**
     * The user accepts a version for their partner, from `clientAddress`: recorded once (a retry answers the same
     * acceptance), refused with 409 when a newer version has been published since they read it.
     */
    async accept(principal: Principal, versionId: string, clientAddress: string): Promise<AgreementAcceptedDto> {
      const partnerId = principal.partnerId;
      if (!partnerId) throw new ApiError(403, 'agreements.partnersOnly');
      const [version] = isUuid(versionId) ? await db.select().from(agreementVersions).where(eq(agreementVersions.id, versionId.toLowerCase())) : [];
      if (!version) throw notFound();
      return transactionThenPublish(ctx, async (tx, publish) => {
        // A publish of this agreement waits for the acceptance (and the other way round): "latest" holds to the commit.
        await agreementOf(tx, version.agreementId, 'share');
        const already = await acceptanceOf(tx, version.id, principal.id);
        if (already) return { acceptance: await acceptanceDto(tx, already.id), alreadyAccepted: true };
        const latest = await latestVersionOf(tx, version.agreementId);
        if (latest.id !== version.id) throw new ApiError(409, 'agreements.versionOutdated', undefined, { latest: latest.versionNumber });
        const values = { agreementId: version.agreementId, versionId: version.id, userId: principal.id, partnerId, clientAddress: clientAddress.slice(0, 100) };
        const [created] = await tx.insert(agreementAcceptances).values(values).onConflictDoNothing().returning();
        if (!created) {
          // The same user's other request got there first: one acceptance stands.
          const raced = (await acceptanceOf(tx, version.id, principal.id))!;
          return { acceptance: await acceptanceDto(tx, raced.id), alreadyAccepted: true };
        }
        await writeAudit(tx, {
          userId: principal.id,
          type: 'Create',
          table: 'agreement_acceptances',
          key: created.id,
          after: { ...created, versionNumber: version.versionNumber },
        });
        publish({ type: 'ResourceChanged', resource: ACCEPTANCES_PATH, id: created.id, action: 'created', partnerId });
        return { acceptance: await acceptanceDto(tx, created.id), alreadyAccepted: false };
      });
    },

    /** Who accepted which version (paged, filtered by agreement, version, partner or user; keyword over names and email). */
    async searchAcceptances(principal: Principal, body: unknown): Promise<PagedResult<AgreementAcceptanceDto>> {
      const search = await validateSearch(agreementAcceptanceSearchSchema, body ?? {});
      const where = and(
        acceptanceScope(principal),
        search.agreementId ? eq(agreementAcceptances.agreementId, search.agreementId.toLowerCase()) : undefined,
        search.versionId ? eq(agreementAcceptances.versionId, search.versionId.toLowerCase()) : undefined,
        search.partnerId ? eq(agreementAcceptances.partnerId, search.partnerId.toLowerCase()) : undefined,
        search.userId ? eq(agreementAcceptances.userId, search.userId.toLowerCase()) : undefined,
        idsFilter(agreementAcceptances.id, search.ids),
        // Folded as contract/fold.ts folds (case and Vietnamese marks ignored), as every keyword search.
        keywordWhere(search, {
          userName: (keyword) => containsFoldedIn(acceptanceColumns.userName, keyword),
          userEmail: (keyword) => containsFoldedIn(users.email, keyword),
          partnerName: (keyword) => containsFoldedIn(partners.name, keyword),
          agreementName: (keyword) => or(containsFoldedIn(agreements.nameEn, keyword), containsFoldedIn(agreements.nameVi, keyword)),
        }),
      );
      const order = orderByOf(search.orderBy, sortable, [desc(agreementAcceptances.acceptedAt)]);
      return readPage(
        search,
        db
          .select({ total: count() })
          .from(agreementAcceptances)
          .innerJoin(agreements, eq(agreements.id, agreementAcceptances.agreementId))
          .innerJoin(users, eq(users.id, agreementAcceptances.userId))
          .innerJoin(partners, eq(partners.id, agreementAcceptances.partnerId))
          .where(where)
          .then(([row]) => row.total),
        async ({ limit, offset }) =>
          (
            await selectAcceptances(db)
              .where(where)
              .orderBy(...order, agreementAcceptances.id)
              .limit(limit)
              .offset(offset)
          ).map(toAcceptanceDto),
      );
    },

    async getAcceptance(principal: Principal, id: string): Promise<AgreementAcceptanceDto> {
      if (!isUuid(id)) throw notFound();
      const [row] = await selectAcceptances(db).where(and(eq(agreementAcceptances.id, id.toLowerCase()), acceptanceScope(principal)));
      if (!row) throw notFound();
      return toAcceptanceDto(row);
    },
  };
}
