import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { createEventBus } from '../../server/core/events';
import { loadPrincipal } from '../../server/modules/accounts/principal';
import { createFileGrantService } from '../../server/modules/files/fileGrants.service';
import { createFileLinkService } from '../../server/modules/files/fileLinks.service';
import { createPartnerFormService } from '../../server/modules/partnerForms/partnerForms.service';
import { createTicketAnnouncer } from '../../server/modules/tickets/tickets.events';
import { createTicketService } from '../../server/modules/tickets/tickets.service';
import { recordEvents } from './eventRecorder';
import { useDemoServer } from './factories';
import { makeManagedFile } from './fileFixtures';
import { partnerWithForm } from './partnerFormsFixtures';
import { statementsOf, writesOrLocks } from './queryCounting';

const demo = useDemoServer();
const { server, make, userIds, partnerIds, token } = demo;
const ACME = 'partner@acme.example';
const ADMIN = 'admin@example.com';
const HOUR = 60 * 60 * 1000;

/** The server's services on a bus of their own: no subscriber's reads (hub relays, mail) are counted with the write. */
function quietServices() {
  const events = createEventBus();
  const ctx = { ...server.built.ctx, events } as AppContext;
  return {
    events,
    partnerForms: createPartnerFormService(ctx),
    tickets: createTicketService(ctx, createTicketAnnouncer(ctx)),
    links: createFileLinkService(ctx),
    grants: createFileGrantService(ctx),
  };
}

const principal = async (userId: string) => (await loadPrincipal(server.built.ctx.db, userId))!;

/** The statements of `work`, checked: at most four round trips, no explicit transaction, one statement holding the row. */
async function expectFewRoundTrips<T>(work: () => Promise<T>, expected: number) {
  const { result, statements } = await statementsOf(server.built.ctx.db, work);
  expect(statements, statements.join('\n')).toHaveLength(expected);
  expect(statements.length).toBeLessThanOrEqual(4);
  expect(statements.filter((text) => /^(begin|commit)\b/i.test(text))).toEqual([]);
  expect(writesOrLocks(statements), 'the row is locked by one statement alone').toHaveLength(1);
  return result;
}

describe('the hot writes in few round trips (issue 21)', () => {
  it('Save Draft: the own-row read, then one write with its audit row (the version cached)', async () => {
    const form = await partnerWithForm(demo);
    const services = quietServices();
    const heard = recordEvents(services.events, 'ResourceChanged');
    const user = await principal(form.user.id);
    await services.partnerForms.saveDraft(user, form.partnerForm.id, 'company', { companyName: 'Warm' });
    const saved = await expectFewRoundTrips(() => services.partnerForms.saveDraft(user, form.partnerForm.id, 'company', { companyName: 'Counted' }), 2);
    expect(saved.answers).toEqual({ companyName: 'Counted' });
    expect(heard.events()).toContainEqual(expect.objectContaining({ resource: 'partner-forms', id: form.partnerForm.id }));
  });

  it('a chat message: the check before the upload is read, then one statement', async () => {
    const ticket = await make.ticket(token(ACME));
    const services = quietServices();
    const heard = recordEvents(services.events, 'TicketMessagePosted');
    const user = await principal(userIds[ACME]);
    const message = await expectFewRoundTrips(async () => {
      await services.tickets.assertAcceptsMessages(user, ticket.id);
      return services.tickets.postMessage(user, ticket.id, '<p>Counted</p>', []);
    }, 2);
    expect(message).toMatchObject({ ticketId: ticket.id, body: '<p>Counted</p>', authorIsStaff: false });
    expect(heard.events()).toEqual([expect.objectContaining({ ticketId: ticket.id, messageId: message.id })]);
  });

  it('a ticket status change: the visible read, then one write with its audit row', async () => {
    const ticket = await make.ticket(token(ACME));
    const services = quietServices();
    const heard = recordEvents(services.events, 'TicketStatusChanged');
    const user = await principal(userIds[ACME]);
    const dto = await expectFewRoundTrips(() => services.tickets.changeStatus(user, ticket.id, 'CLOSED', 'owner'), 2);
    expect(dto).toMatchObject({ id: ticket.id, status: 'CLOSED' });
    expect(heard.events()).toEqual([expect.objectContaining({ ticketId: ticket.id, status: 'CLOSED', previousStatus: 'OPEN' })]);
  });

  it('a file link: the grant chosen, then the link inserted', async () => {
    const file = await makeManagedFile(demo);
    const services = quietServices();
    await services.grants.create(await principal(userIds[ADMIN]), grantInput(file.id));
    const user = await principal(userIds[ACME]);
    const link = await expectFewRoundTrips(() => services.links.mint(user, file.id), 2);
    expect(link.url).toContain(link.token);
  });

  it('grant writes: a grant is one statement; new terms, an extension and a revoke are a read and one write', async () => {
    const file = await makeManagedFile(demo);
    const services = quietServices();
    const heard = recordEvents(services.events, 'FileGrantChanged');
    const admin = await principal(userIds[ADMIN]);
    const grant = await expectFewRoundTrips(() => services.grants.create(admin, grantInput(file.id)), 1);
    const terms = { from: grant.from, to: new Date(Date.parse(grant.to) + HOUR).toISOString(), note: 'Counted', downloadLimit: null, viewOnly: false };
    expect(await expectFewRoundTrips(() => services.grants.updateTerms(admin, grant.id, terms, [grant.version!]), 2)).toMatchObject({ note: 'Counted' });
    await expectFewRoundTrips(() => services.grants.extend(admin, grant.id, 1), 2);
    expect(await expectFewRoundTrips(() => services.grants.revoke(admin, grant.id), 2)).toMatchObject({ state: 'revoked' });
    expect(heard.events().map((event) => event.change)).toEqual(['granted', 'updated', 'extended', 'revoked']);
  });
});

const grantInput = (fileId: string) => ({
  fileId,
  conditionType: 'partner' as const,
  targetId: partnerIds['Acme Logistics'],
  from: new Date(Date.now() - HOUR).toISOString(),
  to: new Date(Date.now() + HOUR).toISOString(),
  note: '',
  downloadLimit: null,
  viewOnly: false,
});
