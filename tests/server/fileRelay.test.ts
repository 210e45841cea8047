import { describe, expect, it } from 'vitest';
import type { FileRequestDto } from '../../contract/files';
import { DEFAULT_DIGEST_TIME_ZONE } from '../../contract/notificationPreferences';
import { permission } from '../../contract/permissions';
import type { NotificationMessage } from '../../contract/realtime';
import type { HubAudience } from '../../server/hub';
import { createFileRelay, utcText } from '../../server/hub/fileRelay';
import { instantIn } from '../../server/mail/mailTime';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { makeFileWithGrant, makeGrant } from './fileFixtures';
import { ACME_USER, ADMIN, GLOBEX_USER, pendingRequest, windowOf } from './fileRequestFixtures';
import { heardBefore, useHubClients } from './hubHarness';

/** What file events tell: notifications by key and values to the right groups and readers, and mails in en and vi. */
const demo = useDemoServer();
const { server, token, partnerIds, userIds, roleIds } = demo;

interface Sent {
  groups: string[];
  notification: NotificationMessage;
  audience?: HubAudience;
}

/** The relay over a hub that only records what it is asked to send. */
function recordingRelay() {
  const sent: Sent[] = [];
  const relay = createFileRelay(server.built.ctx, {
    sendToGroups: (groups, _method, payload, audience) => void sent.push({ groups, notification: payload as NotificationMessage, audience }),
  });
  return { sent, relay };
}

/** The outbox's mails since `from`, soft line breaks and quoted-printable bytes decoded. */
const mailsSince = (from: number) =>
  server
    .outbox()
    .slice(from)
    .map((mail) => mail.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (bytes) => Buffer.from(bytes.replace(/=/g, ''), 'hex').toString('utf8')));

const granted = (grant: { id: string; fileId: string; conditionType: 'partner' | 'role' | 'user' }, partnerId: string | null) =>
  ({
    type: 'FileGrantChanged',
    grantId: grant.id,
    fileId: grant.fileId,
    conditionType: grant.conditionType,
    partnerId,
    change: 'granted',
    actorId: userIds[ADMIN],
  }) as const;

describe('a new grant', () => {
  it("a partner grant notifies the partner's group with the file and its end; a user grant the user's group; a role grant nobody", async () => {
    const { sent, relay } = recordingRelay();
    const acme = partnerIds['Acme Logistics'];
    const { file, grant } = await makeFileWithGrant(demo, { conditionType: 'partner', targetId: acme });
    await relay(granted(grant, acme));
    expect(sent).toHaveLength(1);
    // Stored for each Acme user who may open files, and sent to their own connections (the inbox).
    expect(sent[0].groups).toContain(`user:${userIds[ACME_USER]}`);
    expect(sent[0].groups.every((group) => group.startsWith('user:'))).toBe(true);
    expect(sent[0].notification).toMatchObject({
      key: 'filesApi.notifications.granted',
      values: { file: file.fileName, to: utcText(grant.validTo.toISOString()) },
      link: '/accessible-files',
    });
    expect(sent[0].notification.message).toContain(file.fileName);
    expect(sent[0].audience).toEqual({ scope: { partnerId: acme }, readers: [{ all: [permission('AccessibleFile', 'View')] }] });

    const userGrant = await makeGrant(demo, { fileId: file.id, conditionType: 'user', targetId: userIds[GLOBEX_USER] });
    await relay(granted(userGrant, partnerIds['Globex Trading']));
    expect(sent[1].groups).toEqual([`user:${userIds[GLOBEX_USER]}`]);

    const roleGrant = await makeGrant(demo, { fileId: file.id, conditionType: 'role', targetId: roleIds.Partner });
    await relay(granted(roleGrant, null));
    await relay({ ...granted(grant, acme), change: 'extended' });
    expect(sent).toHaveLength(2);
  });

  it('a revoked grant is not announced', async () => {
    const { sent, relay } = recordingRelay();
    const { grant } = await makeFileWithGrant(demo, { conditionType: 'partner', targetId: partnerIds['Acme Logistics'], revokedAt: new Date() });
    await relay(granted(grant, partnerIds['Acme Logistics']));
    expect(sent).toEqual([]);
  });
});

describe('requests', () => {
  it('a new request notifies staff who decide requests, naming the partner and the file', async () => {
    const { sent, relay } = recordingRelay();
    const { request, file } = await pendingRequest(demo);
    await relay({ type: 'FileRequestCreated', requestId: request.id, partnerId: request.partnerId, actorId: request.requestedById });
    expect(sent).toHaveLength(1);
    // Stored for each staff user who decides requests, and sent to their own connections (the inbox).
    expect(sent[0].groups).toContain(`user:${userIds[ADMIN]}`);
    expect(sent[0].groups.every((group) => group.startsWith('user:'))).toBe(true);
    expect(sent[0]).toMatchObject({
      notification: {
        key: 'filesApi.notifications.requested',
        values: { partner: 'Acme Logistics', file: `"${file!.fileName}"` },
        link: '/accessible-files?tab=requests',
      },
      audience: { scope: 'staff', readers: [{ all: [permission('FileAccessRequest', 'AdminView')] }] },
    });
  });

  it('a rejection notifies the requester alone and mails them the reason in English and Vietnamese', async () => {
    const { request } = await pendingRequest(demo, { text: 'Last year figures' });
    const from = server.outbox().length;
    const body = { reason: 'Ask your account manager' };
    expectEnvelope(await server.api<FileRequestDto>('POST', `/api/v1/file-requests/${request.id}/reject`, { token: token(ADMIN), body }), 200);
    const mails = mailsSince(from);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${ACME_USER}`);
    expect(mails[0]).toContain('Your request for "Last year figures" was rejected');
    expect(mails[0]).toContain('bị từ chối');
    expect(mails[0]).toContain('Ask your account manager');
    expect(mails[0]).toContain(`${server.config.publicUrl}/accessible-files`);

    const { sent, relay } = recordingRelay();
    await relay({
      type: 'FileRequestDecided',
      requestId: request.id,
      partnerId: request.partnerId,
      requestedBy: request.requestedById,
      status: 'REJECTED',
      grantId: null,
      actorId: userIds[ADMIN],
    });
    expect(sent.map((s) => s.groups)).toEqual([[`user:${userIds[ACME_USER]}`]]);
    expect(sent[0].notification).toMatchObject({ key: 'filesApi.notifications.rejected', values: { reason: 'Ask your account manager' } });
  });

  it('an approval mails the requester when they can open the file until, and their partner hears the grant', async () => {
    const { request, file } = await pendingRequest(demo);
    const from = server.outbox().length;
    const window = windowOf(4);
    expectEnvelope(await server.api('POST', `/api/v1/file-requests/${request.id}/approve`, { token: token(ADMIN), body: { ...window, note: 'Enjoy' } }), 200);
    // Quoted-printable lines unfolded: the end is given in the reader's zone (the default), not in UTC.
    const mails = mailsSince(from)
      .map((m) => m.replace(/=\r?\n/g, ''))
      .filter((m) => m.includes(`To: ${ACME_USER}`) && m.includes('approved'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(file!.fileName);
    expect(mails[0]).toContain(instantIn('en', DEFAULT_DIGEST_TIME_ZONE, new Date(window.to)));
    expect(mails[0]).not.toContain(utcText(window.to));
    expect(mails[0]).toContain('đã được duyệt');
  });
});

describe('on the hub', () => {
  const connect = useHubClients(() => server.url);
  const keysOf = (heard: { method: string; payload: unknown }[]) =>
    heard.filter((h) => h.method === 'ReceiveNotification').map((h) => (h.payload as NotificationMessage).key);

  it('an approval: the requester hears the decision and the grant, Globex hears nothing, staff hear the request list change', async () => {
    const { request } = await pendingRequest(demo);
    const [acme, globex, admin] = await Promise.all([connect(token(ACME_USER)), connect(token(GLOBEX_USER)), connect(token(ADMIN))]);
    const realtime = server.built.app.realtime;
    const acmeHeard = heardBefore(realtime, acme, userIds[ACME_USER], ['ReceiveNotification', 'ResourceChanged']);
    const globexHeard = heardBefore(realtime, globex, userIds[GLOBEX_USER], ['ReceiveNotification', 'ResourceChanged']);
    const adminHeard = heardBefore(realtime, admin, userIds[ADMIN], ['ResourceChanged']);
    expectEnvelope(await server.api('POST', `/api/v1/file-requests/${request.id}/approve`, { token: token(ADMIN), body: windowOf(2) }), 200);
    const [acmeList, globexList, adminList] = await Promise.all([acmeHeard.settle(), globexHeard.settle(), adminHeard.settle()]);
    expect(keysOf(acmeList)).toEqual(expect.arrayContaining(['filesApi.notifications.approved', 'filesApi.notifications.granted']));
    expect(globexList).toEqual([]);
    const resources = adminList.map((h) => (h.payload as { resource: string }).resource);
    expect(resources).toContain('file-requests');
  });
});
