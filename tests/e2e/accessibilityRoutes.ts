import type { PagedResult } from '../../contract/envelope';
import type { PartnerFormDto } from '../../contract/forms';
import { screenRoutes } from '../../src/admin/screenRoutes';
import { isAllowed } from '../../src/admin/screenAccess';
import { linkIn, type TestServer } from '../server/harness';

/** The pages anyone sees signed out, each with the address that shows it. */
export const signedOutPages = [
  { name: 'sign-in', path: '/sign-in' },
  { name: 'forgot-password', path: '/forgot-password' },
  { name: 'reset-password (invalid link)', path: '/forgot-password?token=not-a-real-token' },
  { name: 'activation (invalid link)', path: '/active?token=not-a-real-token' },
  { name: 'not-found', path: '/404' },
];

/** The address a mail sent by `send` links to. */
async function mailedLink(server: TestServer, send: () => Promise<unknown>) {
  const before = server.outbox().length;
  await send();
  const mail = server.outbox().at(-1);
  if (server.outbox().length === before || !mail) throw new Error('No mail was sent');
  const link = linkIn(mail);
  return `${link.pathname}${link.search}`;
}

/** The reset-password and activation pages opened from a real mail's link, as their reader sees them. */
export async function mailedPages(server: TestServer) {
  const { token } = await server.signIn('partner.admin@acme.example');
  const newcomer = { firstName: 'Lan', lastName: 'Phạm', email: `lan.pham.${Date.now()}@acme.example`, phoneNumber: '+84 91 222 3344', organization: 'Acme' };
  return [
    {
      name: 'reset-password (from the mail)',
      path: await mailedLink(server, () => server.api('POST', '/api/users/forgot-password', { body: { email: 'partner@globex.example' } })),
    },
    { name: 'activation (from the mail)', path: await mailedLink(server, () => server.api('POST', '/api/v1/partner-users', { token, body: newcomer })) },
  ];
}

/** Pages outside the screen declarations that every signed-in user reaches. */
const ownPages = ['/', '/profile', '/settings', '/notifications', '/access-denied', '/404'];

const firstId = async (server: TestServer, token: string, apiPath: string, filter: Record<string, string> = {}) => {
  const answer = await server.api<PagedResult<{ id: string }>>('POST', `/api/v1/${apiPath}/search`, { token, body: { pageNumber: 1, pageSize: 1, ...filter } });
  return answer.body.data?.items[0]?.id;
};

/**
 * Every address of the app one account may open, detail routes filled with a real row it can see from the
 * demo data: the route table is read from the screen declarations, so a new screen is scanned without asking.
 */
export async function addressesFor(server: TestServer, email: string): Promise<string[]> {
  const { token } = await server.signIn(email);
  const permissions = (await server.api<string[]>('GET', '/api/users/permissions', { token })).body.data ?? [];
  const ids = {
    ticket: await firstId(server, token, 'tickets'),
    form: await firstId(server, token, 'forms'),
    partnerForm: await firstId(server, token, 'partner-forms'),
    role: await firstId(server, token, 'roles'),
    // The filler of an open form too: its Submit is refused while answers are missing or wrong.
    openPartnerForm: await firstId(server, token, 'partner-forms', { status: 'OPEN' }),
  };
  const firstSection = async (id: string | undefined) =>
    id ? (await server.api<PartnerFormDto>('GET', `/api/v1/partner-forms/${id}`, { token })).body.data?.sections?.[0]?.key : undefined;
  const section = await firstSection(ids.partnerForm);
  const fill = (path: string): string | undefined => {
    const filled = path
      .replace(/\/:id\?$/, '')
      .replace(/^(tickets|ticket-management)\/:id/, (_, base: string) => (ids.ticket ? `${base}/${ids.ticket}` : ':missing'))
      .replace(':formId', ids.form ?? ':missing')
      .replace(/^partner-forms\/:id/, () => (ids.partnerForm ? `partner-forms/${ids.partnerForm}` : ':missing'))
      .replace(/^roles\/:id/, () => (ids.role ? `roles/${ids.role}` : ':missing'))
      .replace(':partnerFormId', ids.partnerForm ?? ':missing')
      .replace(':sectionId', section ?? ':missing')
      .replace(/^file-request\/view$/, 'file-request/view?token=not-a-real-token');
    if (filled.includes(':')) return undefined;
    return `/${filled}`;
  };
  const screens = screenRoutes.filter((route) => isAllowed(permissions, route.access)).map((route) => fill(route.path));
  const openSection = await firstSection(ids.openPartnerForm);
  const openFiller = screenRoutes
    .filter((route) => route.path.includes(':partnerFormId/sections/:sectionId') && isAllowed(permissions, route.access))
    .map((route) =>
      ids.openPartnerForm && openSection ? `/${route.path.replace(':partnerFormId', ids.openPartnerForm).replace(':sectionId', openSection)}` : undefined,
    );
  return [...new Set([...ownPages, ...screens, ...openFiller].filter((path): path is string => !!path))];
}
