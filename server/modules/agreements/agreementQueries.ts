import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AgreementAcceptanceDto, AgreementVersionDto } from '../../../contract/agreements';
import type { Db } from '../../db/client';
import { partners } from '../partners/partners.schema';
import { users } from '../users/users.schema';
import { agreementAcceptances, agreements, agreementVersions } from './agreements.schema';

const fullName = (table: typeof users) => sql<string>`trim(${table.firstName} || ' ' || ${table.lastName})`;

/** An acceptance as staff read it: the agreement's name, the version's number, the user and partner named. */
export const acceptanceColumns = {
  id: agreementAcceptances.id,
  agreementId: agreementAcceptances.agreementId,
  agreementName: agreements.nameEn,
  agreementNameVi: agreements.nameVi,
  versionId: agreementAcceptances.versionId,
  versionNumber: agreementVersions.versionNumber,
  userId: agreementAcceptances.userId,
  userName: fullName(users),
  userEmail: users.email,
  partnerId: agreementAcceptances.partnerId,
  partnerName: partners.name,
  acceptedAt: agreementAcceptances.acceptedAt,
  clientAddress: agreementAcceptances.clientAddress,
};

/** The acceptances joined with what names them; a `where` and paging go on top. */
export const selectAcceptances = (db: Db) =>
  db
    .select(acceptanceColumns)
    .from(agreementAcceptances)
    .innerJoin(agreements, eq(agreements.id, agreementAcceptances.agreementId))
    .innerJoin(agreementVersions, eq(agreementVersions.id, agreementAcceptances.versionId))
    .innerJoin(users, eq(users.id, agreementAcceptances.userId))
    .innerJoin(partners, eq(partners.id, agreementAcceptances.partnerId));

type AcceptanceRow = Omit<AgreementAcceptanceDto, 'acceptedAt'> & { acceptedAt: Date };

export const toAcceptanceDto = (row: AcceptanceRow): AgreementAcceptanceDto => ({ ...row, acceptedAt: row.acceptedAt.toISOString() });

// Written out: a single-table select renders its columns unqualified, which inside a subquery would name the inner table's.
const publisher = sql<string | null>`(select trim(u.first_name || ' ' || u.last_name) from users u where u.id = agreement_versions.published_by)`;
const acceptedCount = sql<number>`(select count(*)::int from agreement_acceptances x where x.version_id = agreement_versions.id)`;

/** An agreement's versions, newest first, each with who published it and how many accepted it. */
export async function versionsOf(db: Db, agreementId: string): Promise<AgreementVersionDto[]> {
  const rows = await db
    .select({ ...getTableColumns(agreementVersions), publishedByName: publisher, acceptedCount })
    .from(agreementVersions)
    .where(eq(agreementVersions.agreementId, agreementId))
    .orderBy(desc(agreementVersions.versionNumber));
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() }));
}

/** The newest version of an agreement, if it has one. */
export async function latestVersionOf(db: Db, agreementId: string) {
  const [latest] = await db
    .select()
    .from(agreementVersions)
    .where(eq(agreementVersions.agreementId, agreementId))
    .orderBy(desc(agreementVersions.versionNumber))
    .limit(1);
  return latest;
}

/** Whether this user accepted this version. */
export async function acceptanceOf(db: Db, versionId: string, userId: string) {
  const [found] = await db
    .select({ id: agreementAcceptances.id })
    .from(agreementAcceptances)
    .where(and(eq(agreementAcceptances.versionId, versionId), eq(agreementAcceptances.userId, userId)));
  return found;
}
