// The round trips to PostgreSQL of each hot request (issue 36, item 1), on an app in this process on the default
// engine, counted from the request's first hook to the work it leaves for after the answer, the NOTIFYs to other
// instances included; each route warmed by one request first. tests/server/statementBudget.test.ts holds the same
// counts as exact budgets; here they are printed beside the counts before issue 36.
import type { PagedResult } from '../../contract/envelope';
import type { TicketDto } from '../../contract/tickets';
import type { TestServer } from '../../tests/server/harness';
import { questionKey, sectionKey, setUpBenchForm } from '../formsSetup';
import { startInProcessApp, type InProcessApp } from '../harness/inProcessApp';
import type { Figure } from './types';

/** The same requests counted on commit 7993624, before issue 36's cuts. */
const BEFORE: Record<string, number> = {
  "a sign-in's first request": 2,
  'signed-in GET, warm': 0,
  'GET ticket by id': 3,
  'GET partner by id': 1,
  'ticket search page': 1,
  'Save Draft': 3,
  'chat message': 15,
  'ticket status change': 14,
  'inbox page': 2,
  'inbox unread count': 1,
};

/** The statements one request sent (it must succeed). */
async function statementsOf(app: InProcessApp, method: string, url: string, token: string, body?: unknown) {
  const counter = app.built.statements!;
  counter.take();
  const answer = await app.api(method, url, { token, body });
  if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${answer.text.slice(0, 300)}`);
  const [counted] = counter.take().filter((request) => request.method === method && request.url === url);
  return counted.statements.length;
}

export async function statementFigures(): Promise<Figure[]> {
  const app = await startInProcessApp('pp-bench-statements-', { countStatements: true });
  try {
    if (app.built.database.kind !== 'postgres')
      throw new Error(`statements are counted on the embedded PostgreSQL; the app runs on ${app.built.database.kind}`);
    const staff = (await app.signIn('admin@example.com')).token;
    const support = (await app.signIn('support@example.com')).token;
    const partner = (await app.signIn('partner@acme.example')).token;
    const { partnerFormId } = await setUpBenchForm(app as unknown as TestServer, staff);
    const ticket = async (subject: string) =>
      (await app.api<TicketDto>('POST', '/api/v1/tickets', { token: partner, body: { subject, description: '' } })).body.data!;
    const [chat, warmStatus, countedStatus] = [await ticket('statements: chat'), await ticket('statements: status'), await ticket('statements: status')];
    const partners = await app.api<PagedResult<{ id: string }>>('POST', '/api/v1/partners/search', { token: staff, body: { pageSize: 1 } });
    const partnerId = partners.body.data!.items[0].id;

    /** The second of two identical requests (the first warms the caches). */
    const warm = async (method: string, url: string, token: string, body?: unknown) => {
      await statementsOf(app, method, url, token, body);
      return statementsOf(app, method, url, token, body);
    };
    const counts: Record<string, number> = {
      // A demo account no other request here signs in: nothing of it is kept yet.
      "a sign-in's first request": await statementsOf(app, 'GET', '/api/v1/users/permissions', (await app.signIn('partner.admin@acme.example')).token),
      'signed-in GET, warm': await warm('GET', '/api/v1/users/permissions', partner),
      'GET ticket by id': await warm('GET', `/api/v1/tickets/${chat.id}`, partner),
      'GET partner by id': await warm('GET', `/api/v1/partners/${partnerId}`, staff),
      'ticket search page': await warm('POST', '/api/v1/tickets/search', support, { pageNumber: 2, pageSize: 5, status: 'OPEN', orderBy: ['createdAt desc'] }),
      'Save Draft': await (async () => {
        const url = `/api/v1/partner-forms/${partnerFormId}/sections/${sectionKey(0)}`;
        await statementsOf(app, 'PUT', url, partner, { answers: { [questionKey(0, 1)]: 'Warm' } });
        return statementsOf(app, 'PUT', url, partner, { answers: { [questionKey(0, 1)]: 'Counted' } });
      })(),
      'chat message': await (async () => {
        const url = `/api/v1/tickets/${chat.id}/messages`;
        await statementsOf(app, 'POST', url, partner, { body: 'Warm' });
        return statementsOf(app, 'POST', url, partner, { body: 'Counted' });
      })(),
      'ticket status change': await (async () => {
        await statementsOf(app, 'PUT', `/api/v1/tickets/${warmStatus.id}`, partner, { status: 'CLOSED' });
        return statementsOf(app, 'PUT', `/api/v1/tickets/${countedStatus.id}`, partner, { status: 'CLOSED' });
      })(),
      'inbox page': await warm('GET', '/api/v1/inbox?pageNumber=1&pageSize=20', partner),
      'inbox unread count': await warm('GET', '/api/v1/inbox/unread-count', partner),
    };
    return Object.entries(counts).map(([route, value]) => ({
      name: `statements per request: ${route}`,
      value,
      unit: 'stmts',
      floor: { name: 'before issue 36', value: BEFORE[route] },
    }));
  } finally {
    await app.close();
  }
}
