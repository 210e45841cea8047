import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { FileGrantDto, FileRequestDto } from '../../contract/files';
import type { NotificationAbout, NotificationKindOf } from '../../contract/notifications';
import { permission } from '../../contract/permissions';
import type { AppContext } from '../context';
import type { PrincipalLoader } from '../core/guard';
import { userRoles, users } from '../db/schema';
import { createNotifier } from './notification';
import { sendNotificationMail } from '../modules/notificationPreferences/notificationMail';
import { loadPrincipal } from '../modules/accounts/principal';
import { selectFileRequestDto } from '../modules/files/fileRequestDtos';
import type { FileEvent } from '../modules/files/files.events';
import { selectGrantDto } from '../modules/files/grantWrites';
import { principalMayHear, type HubAudience } from './audience';
import { hubGroups } from './groups';
import type { RelayHub } from './relayHub';

/** The file events the relay hears. */
export const FILE_EVENTS = ['FileGrantChanged', 'FileRequestCreated', 'FileRequestDecided', 'FileGrantEnding'] as const satisfies readonly FileEvent['type'][];

/** Where partners see their files and requests, and where staff decide requests. */
export const PARTNER_FILES_ROUTE = '/accessible-files';
export const STAFF_REQUESTS_ROUTE = '/accessible-files?tab=requests';

const FILE_VIEW = permission('AccessibleFile', 'View');

/** An instant as the texts show it in every language: `2026-12-03 17:00 UTC` (the server does not know the reader's zone). */
export const utcText = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** Grantees: whoever the grant names and may open files. A partner grant is its partner's thing; a user grant the user's. */
const granteesOf = (grant: FileGrantDto): HubAudience => ({
  scope: grant.partnerId ? { partnerId: grant.partnerId } : 'anyone',
  readers: [{ all: [FILE_VIEW] }],
});

/** A request's requester: its partner's users who may read requests (fileRequestScope). */
const readersOfRequest = (request: FileRequestDto): HubAudience => ({
  scope: { partnerId: request.partnerId },
  readers: [{ all: [permission('FileAccessRequest', 'View')] }],
});

const STAFF_DECIDERS: HubAudience = { scope: 'staff', readers: [{ all: [permission('FileAccessRequest', 'AdminView')] }] };

const ACTIVE_USER = and(eq(users.isActive, true), isNull(users.deletedAt))!;

/** What a request is for, as the texts name it: the file's name, or the words of a free-text ask. */
const askedFor = (request: FileRequestDto) => (request.fileName ? `"${request.fileName}"` : `"${request.requestText}"`);

/**
 * What file events tell the world (DESIGN.md "Files"): grantees hear of a new grant (role grants: nobody, a
 * role may be held by many) and, by hub and mail, of one ending within a day (a role grant: its active holders);
 * staff who decide requests hear of a new one; the requester hears the decision by hub and mail. Mails are in
 * both languages (we do not know the reader's). Events carry ids: rows are loaded here, after the commit.
 */
export function createFileRelay(
  ctx: Pick<AppContext, 'config' | 'db' | 'log'> & Partial<Pick<AppContext, 'mailer' | 'events'>>,
  hub: Pick<RelayHub, 'sendToGroups'>,
  loadReader?: PrincipalLoader,
) {
  const notifier = createNotifier(ctx, hub, loadReader);
  const notify = (
    groups: string[],
    audience: HubAudience,
    about: NotificationAbout,
    kind: NotificationKindOf<'filesApi.notifications'>,
    values: Record<string, string>,
    link: string,
  ) => notifier({ groups, audience, about, kind, key: `filesApi.notifications.${kind}`, values, link });

  /** Mails each of these users who is active and may hear it, in both languages, with their name filled in. */
  async function mailUsers(
    userIds: string[],
    audience: HubAudience,
    kind: 'ending' | 'approved' | 'rejected',
    values: Record<string, string>,
    link: string,
    times?: Record<string, Date>,
  ) {
    const { mailer } = ctx;
    if (!mailer) return;
    for (const userId of new Set(userIds)) {
      const reader = await loadPrincipal(ctx.db, userId);
      if (!reader || !principalMayHear(reader, audience)) continue;
      const filled = { ...values, name: reader.fullName, link: `${ctx.config.publicUrl}${link}` };
      await sendNotificationMail(
        { config: ctx.config, db: ctx.db, mailer },
        {
          to: reader,
          kind: 'fileAccess',
          subjectKey: `filesApi.mail.${kind}Subject`,
          bodyKey: `filesApi.mail.${kind}Body`,
          actionKey: `filesApi.mail.${kind}Action`,
          values: filled,
          times,
          link: filled.link,
        },
      ).catch((error: unknown) => ctx.log.error({ err: error, userId, kind }, 'file mail failed'));
    }
  }

  const activeUsers = async (where: SQL) => (await ctx.db.select({ id: users.id }).from(users).where(and(where, ACTIVE_USER))).map((u) => u.id);

  /** The users a grant names now: its partner's active users, its user if active, or the role's active holders. */
  function granteeUserIds(grant: FileGrantDto) {
    if (grant.conditionType === 'partner') return activeUsers(eq(users.partnerId, grant.targetId));
    if (grant.conditionType === 'user') return activeUsers(eq(users.id, grant.targetId));
    return ctx.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(and(eq(userRoles.roleId, grant.targetId), ACTIVE_USER))
      .then((rows) => rows.map((r) => r.id));
  }

  async function grantEvent(grantId: string, ending: boolean) {
    const grant = await selectGrantDto(ctx.db, grantId);
    if (!grant || grant.revokedAt) return;
    const values = { file: grant.fileName, to: utcText(grant.to) };
    const audience = granteesOf(grant);
    const aboutGrant = { resource: 'file-grants', recordId: grant.id };
    if (!ending) {
      if (grant.conditionType === 'role') return;
      const group = grant.conditionType === 'partner' ? hubGroups.partner(grant.targetId) : hubGroups.user(grant.targetId);
      await notify([group], audience, aboutGrant, 'granted', values, PARTNER_FILES_ROUTE);
      return;
    }
    const userIds = await granteeUserIds(grant);
    const groups = grant.conditionType === 'partner' ? [hubGroups.partner(grant.targetId)] : userIds.map(hubGroups.user);
    if (groups.length) await notify(groups, audience, aboutGrant, 'ending', values, PARTNER_FILES_ROUTE);
    await mailUsers(userIds, audience, 'ending', values, PARTNER_FILES_ROUTE, { to: new Date(grant.to) });
  }

  async function requestDecided(requestId: string) {
    const request = await selectFileRequestDto(ctx.db, requestId);
    if (!request || request.status === 'PENDING') return;
    const audience = readersOfRequest(request);
    const grant = request.grantId ? await selectGrantDto(ctx.db, request.grantId) : null;
    const kind = request.status === 'APPROVED' ? 'approved' : 'rejected';
    const values: Record<string, string> =
      kind === 'approved'
        ? { file: request.fileName ?? request.requestText, to: grant ? utcText(grant.to) : '', note: request.decisionNote }
        : { file: askedFor(request), reason: request.decisionNote };
    await notify([hubGroups.user(request.requestedById)], audience, { resource: 'file-requests', recordId: request.id }, kind, values, PARTNER_FILES_ROUTE);
    await mailUsers([request.requestedById], audience, kind, values, PARTNER_FILES_ROUTE, grant ? { to: new Date(grant.to) } : undefined);
  }

  /** Relays one event published on this instance (the hub's backplane takes it to the others). */
  return async function relay(event: FileEvent) {
    if (event.type === 'FileGrantChanged') {
      if (event.change === 'granted') await grantEvent(event.grantId, false);
    } else if (event.type === 'FileGrantEnding') {
      await grantEvent(event.grantId, true);
    } else if (event.type === 'FileRequestDecided') {
      await requestDecided(event.requestId);
    } else {
      const request = await selectFileRequestDto(ctx.db, event.requestId);
      if (request) {
        const values = { partner: request.partnerName, file: askedFor(request) };
        await notify([hubGroups.staff], STAFF_DECIDERS, { resource: 'file-requests', recordId: request.id }, 'requested', values, STAFF_REQUESTS_ROUTE);
      }
    }
  };
}
