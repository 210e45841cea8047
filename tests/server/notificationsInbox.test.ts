import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { NotificationCountDto, NotificationDto, NotificationsMarkedDto } from '../../contract/notifications';
import { permission } from '../../contract/permissions';
import { notificationRecipients, notifications } from '../../server/db/schema';
import { deleteOldNotifications } from '../../server/modules/notifications/notifications.service';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { partnerWithForm, validAnswers } from './partnerFormsFixtures';

/** The inbox on the server (issue 24, item 1): stored per reader by the relays, each reader's own, kept 90 days. */
const demo = useDemoServer();
const { server, make, roleIds, token } = demo;
const ADMIN = 'admin@example.com';
const DAY_MS = 24 * 60 * 60 * 1000;

const list = async (as: string, query = '') => {
  const answer = await server.api<PagedResult<NotificationDto>>('GET', `/api/v1/inbox${query}`, { token: as });
  expectEnvelope(answer, 200);
  return answer.body.data!;
};
const unread = async (as: string) => {
  const answer = await server.api<NotificationCountDto>('GET', '/api/v1/inbox/unread-count', { token: as });
  expectEnvelope(answer, 200);
  return answer.body.data!.unread;
};
const aboutRecord = (page: PagedResult<NotificationDto>, recordId: string) => page.items.filter((n) => n.recordId === recordId);

/** A partner with a form its user submitted, then staff reopened with a note: the notification partners get today. */
async function reopenedForm() {
  const form = await partnerWithForm(demo);
  expectEnvelope(await form.submit(validAnswers()), 200);
  expectEnvelope(await server.api('POST', `${form.url}/reopen`, { token: token(ADMIN), body: { note: 'Please check the tax number' } }), 200);
  return form;
}

describe('stored for the readers of the record', () => {
  it("a reopen is stored once for each of the partner's users who may read the form, and for nobody else", async () => {
    const form = await partnerWithForm(demo);
    const colleague = await make.user({ roleId: roleIds.Partner, partnerId: form.partner.id });
    // A user of the same partner whose role cannot read partner forms hears nothing of them.
    const blind = await make.userWith([permission('Tickets', 'View')], { partnerId: form.partner.id });
    const other = await partnerWithForm(demo);
    expectEnvelope(await form.submit(validAnswers()), 200);
    expectEnvelope(await server.api('POST', `${form.url}/reopen`, { token: token(ADMIN), body: { note: 'Please check the tax number' } }), 200);

    const mine = aboutRecord(await list(form.user.token), form.partnerForm.id);
    expect(mine.map((n) => n.kind)).toEqual(['reopened', 'assigned']);
    expect(mine[0]).toMatchObject({
      resource: 'partner-forms',
      key: 'partnerFormsApi.notifications.reopened',
      values: { note: 'Please check the tax number' },
      readAt: null,
    });
    expect(mine[0].link).toContain(form.partnerForm.id);
    expect(mine[0].title.length).toBeGreaterThan(0);
    // The colleague joined after the assignment: only the reopen is theirs.
    expect(aboutRecord(await list(colleague.token), form.partnerForm.id).map((n) => n.id)).toEqual([mine[0].id]);
    expect(aboutRecord(await list(blind.token), form.partnerForm.id)).toEqual([]);
    expect(aboutRecord(await list(other.user.token), form.partnerForm.id)).toEqual([]);

    // Exactly one row per reader: the partner's two readers, not the blind user nor the other partner's.
    const rows = await server.built.database.db
      .select({ userId: notificationRecipients.userId })
      .from(notificationRecipients)
      .where(eq(notificationRecipients.notificationId, mine[0].id));
    expect(rows.map((r) => r.userId).sort()).toEqual([form.user.id, colleague.id].sort());
  });

  it('a submission is stored for staff who may read partner forms across partners, not for the partner', async () => {
    const form = await partnerWithForm(demo);
    expectEnvelope(await form.submit(validAnswers()), 200);
    const staff = aboutRecord(await list(token(ADMIN), '?pageSize=100'), form.partnerForm.id);
    expect(staff.map((n) => n.kind)).toEqual(['submitted']);
    expect(aboutRecord(await list(form.user.token), form.partnerForm.id).map((n) => n.kind)).toEqual(['assigned']);
  });

  it("a staff reply to a ticket is stored for the ticket's partner, by key, and not for staff", async () => {
    const form = await partnerWithForm(demo);
    const ticket = await make.ticket(form.user.token, { subject: 'Where is my invoice' });
    expectEnvelope(await server.api('POST', `/api/v1/tickets/${ticket.id}/messages`, { token: token(ADMIN), body: { body: '<p>Here</p>' } }), 201);
    const heard = aboutRecord(await list(form.user.token), ticket.id);
    expect(heard.map((n) => [n.resource, n.key])).toEqual([['tickets', 'tickets.notifications.message']]);
    expect(heard[0].values).toMatchObject({ subject: 'Where is my invoice' });
  });
});

describe("each reader's own", () => {
  it("marking one read takes it off the count; another user's id is a 404 that changes nothing", async () => {
    const form = await reopenedForm();
    const other = await partnerWithForm(demo);
    const before = await unread(form.user.token);
    expect(before).toBeGreaterThanOrEqual(2);
    const [latest] = (await list(form.user.token, '?pageSize=1')).items;

    for (const stranger of [other.user.token, token(ADMIN)]) {
      expectEnvelope(await server.api('POST', `/api/v1/inbox/${latest.id}/read`, { token: stranger }), 404);
    }
    expect(await unread(form.user.token)).toBe(before);
    expectEnvelope(await server.api('POST', '/api/v1/inbox/00000000-0000-4000-8000-000000000000/read', { token: form.user.token }), 404);

    const marked = await server.api<NotificationDto>('POST', `/api/v1/inbox/${latest.id}/read`, { token: form.user.token });
    expectEnvelope(marked, 200);
    expect(marked.body.data!.readAt).not.toBeNull();
    expect(await unread(form.user.token)).toBe(before - 1);
    // Again: still read, the count unchanged.
    expectEnvelope(await server.api('POST', `/api/v1/inbox/${latest.id}/read`, { token: form.user.token }), 200);
    expect(await unread(form.user.token)).toBe(before - 1);
    expect((await list(form.user.token, '?unread=true')).items.map((n) => n.id)).not.toContain(latest.id);
  });

  it("mark all read clears the reader's count and nobody else's", async () => {
    const form = await reopenedForm();
    const colleague = await make.user({ roleId: roleIds.Partner, partnerId: form.partner.id });
    expectEnvelope(await server.api('POST', `${form.url}/lock`, { token: token(ADMIN), body: { note: 'Checking' } }), 200);
    const theirs = await unread(colleague.token);
    expect(theirs).toBeGreaterThanOrEqual(1);
    const all = await server.api<NotificationsMarkedDto>('POST', '/api/v1/inbox/read-all', { token: form.user.token });
    expectEnvelope(all, 200);
    expect(all.body.data!.marked).toBeGreaterThanOrEqual(3);
    expect(await unread(form.user.token)).toBe(0);
    expect((await list(form.user.token, '?unread=true')).totalCount).toBe(0);
    expect(await unread(colleague.token)).toBe(theirs);
  });

  it('lists newest first, a page at a time, with the total; a bad query is a 400', async () => {
    const form = await reopenedForm();
    const all = await list(form.user.token);
    expect(all.totalCount).toBeGreaterThanOrEqual(2);
    const times = all.items.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await list(form.user.token, '?pageNumber=2&pageSize=1');
    expect(second).toMatchObject({ currentPage: 2, pageSize: 1, totalCount: all.totalCount });
    expect(second.items.map((n) => n.id)).toEqual([all.items[1].id]);
    for (const query of ['?pageSize=0', '?pageSize=101', '?unread=maybe', '?userId=x', '?pageNumber=abc']) {
      expectEnvelope(await server.api('GET', `/api/v1/inbox${query}`, { token: form.user.token }), 400);
    }
    expectEnvelope(await server.api('GET', '/api/v1/inbox'), 401);
  });
});

describe('retention', () => {
  it('deletes the notifications older than 90 days, with their recipients, and keeps the others', async () => {
    const form = await reopenedForm();
    const { db } = server.built.database;
    const now = new Date();
    const recent = (await list(form.user.token)).items.map((n) => n.id);
    const [old, edge] = await db
      .insert(notifications)
      .values(
        [91, 89].map((days) => ({
          kind: 'assigned',
          resource: 'partner-forms',
          recordId: form.partnerForm.id,
          link: null,
          messageKey: 'partnerFormsApi.notifications.assigned',
          values: { form: 'Old' },
          createdAt: new Date(now.getTime() - days * DAY_MS),
        })),
      )
      .returning();
    await db.insert(notificationRecipients).values([old, edge].map((n) => ({ notificationId: n.id, userId: form.user.id, createdAt: n.createdAt })));

    expect(await deleteOldNotifications(db, now)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(inArray(notifications.id, [old.id, edge.id, ...recent]));
    expect(left.map((n) => n.id).sort()).toEqual([edge.id, ...recent].sort());
    const orphans = await db
      .select()
      .from(notificationRecipients)
      .where(and(eq(notificationRecipients.userId, form.user.id), eq(notificationRecipients.notificationId, old.id)));
    expect(orphans).toEqual([]);
    // A second instance running it at the same time finds nothing more.
    expect(await deleteOldNotifications(db, now)).toBe(0);
  });
});
