import pg from 'pg';
import type { FormDto, FormQuestion, FormSection, PartnerFormDto } from '../../contract/forms';
import { ROLE_NAMES } from '../../contract/roles';
import { signAccessToken } from '../../server/core/jwt';

/** One person of the crowd: who they are to the server, their token, and what they work on. */
export interface CrowdUser {
  kind: 'partner' | 'support';
  email: string;
  token: string;
  /** The ticket whose chat the user's hub connection joins (a partner's own; a support user's one of many). */
  ticketId: string;
  /** Partner users: the partner form they fill. */
  partnerFormId?: string;
}

export interface CrowdData {
  users: CrowdUser[];
  partnerIds: string[];
  ticketIds: string[];
  adminToken: string;
}

export const SECTIONS = 4;
export const QUESTIONS_PER_SECTION = 10;
export const sectionKey = (section: number) => `s${section + 1}`;
export const questionKey = (section: number, question: number) => `${sectionKey(section)}q${question + 1}`;

function crowdSections(): FormSection[] {
  return Array.from({ length: SECTIONS }, (_, s) => ({
    key: sectionKey(s),
    title: `Section ${s + 1}`,
    questions: Array.from({ length: QUESTIONS_PER_SECTION }, (_, q): FormQuestion => ({
      key: questionKey(s, q),
      type: 'text',
      label: `Question ${s + 1}.${q + 1}`,
      help: '',
      required: q % 2 === 0,
      options: [],
      ruleId: null,
      rule: null,
      condition: null,
      children: [],
    })),
  }));
}

type Row = { id: string; email: string; partner_id: string | null };

/**
 * The crowd's people and what they work on, added after the demo seed: `partners` partners with one ticket each and
 * `partnerUsers` users spread over them (role Partner), `supportUsers` staff (role Support); one form of
 * SECTIONS × QUESTIONS_PER_SECTION built, published and assigned to every crowd partner through the API as staff do.
 * Rows by SQL and tokens signed here with the server's secret: sessions without paying Argon2 two hundred times.
 */
export async function setUpCrowd(options: {
  url: string;
  databaseUrl: string;
  jwtSecret: string;
  partners: number;
  partnerUsers: number;
  supportUsers: number;
}): Promise<CrowdData> {
  const { partners, partnerUsers, supportUsers } = options;
  const secret = new TextEncoder().encode(options.jwtSecret);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let rows: { partnerUsers: Row[]; supportUsers: Row[]; admin: Row; tickets: { id: string; partner_id: string }[] };
  try {
    for (const statement of [
      `insert into partners (name, email, type, address, phone)
          select 'Crowd partner ' || p, 'crowd' || p || '@crowd.example', 'Crowd', 'Crowd street ' || p, '+84 24 555 ' || lpad(p::text, 4, '0')
          from generate_series(1, ${partners}) p`,
      `insert into users (first_name, last_name, user_name, email, is_active, email_confirmed, partner_id)
          select 'Partner' || u, 'Crowd', 'partner' || u || '@crowd.example', 'partner' || u || '@crowd.example', true, true,
                 (select id from partners where name = 'Crowd partner ' || (1 + u % ${partners}))
          from generate_series(0, ${partnerUsers - 1}) u`,
      `insert into users (first_name, last_name, user_name, email, is_active, email_confirmed)
          select 'Support' || u, 'Crowd', 'support' || u || '@crowd.example', 'support' || u || '@crowd.example', true, true
          from generate_series(0, ${supportUsers - 1}) u`,
      `insert into user_roles (user_id, role_id) select u.id, (select id from roles where name = '${ROLE_NAMES.partner}') from users u where u.email like 'partner%@crowd.example'`,
      `insert into user_roles (user_id, role_id) select u.id, (select id from roles where name = '${ROLE_NAMES.support}') from users u where u.email like 'support%@crowd.example'`,
      `insert into tickets (subject, partner_id, created_by)
          select 'Crowd ticket ' || p.name, p.id, (select id from users where partner_id = p.id order by email limit 1)
          from partners p where p.name like 'Crowd partner %'`,
    ]) {
      await client.query(statement);
    }
    const query = async <T extends pg.QueryResultRow>(text: string) => (await client.query<T>(text)).rows;
    rows = {
      partnerUsers: await query<Row>(`select id, email, partner_id from users where email like 'partner%@crowd.example' order by email`),
      supportUsers: await query<Row>(`select id, email, partner_id from users where email like 'support%@crowd.example' order by email`),
      admin: (await query<Row>(`select id, email, partner_id from users where email = 'admin@example.com'`))[0]!,
      tickets: await query<{ id: string; partner_id: string }>(
        `select t.id, t.partner_id from tickets t join partners p on p.id = t.partner_id where p.name like 'Crowd partner %' order by p.name`,
      ),
    };
  } finally {
    await client.end();
  }

  const tokenOf = (row: Row, role: string) =>
    signAccessToken(secret, { sub: row.id, fullName: row.email, email: row.email, role, partnerId: row.partner_id, phone: null, avatar: null });
  const adminToken = await tokenOf(rows.admin, ROLE_NAMES.admin);

  const call = async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const answer = await fetch(`${options.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    if (answer.status >= 300) throw new Error(`crowd setup, ${method} ${path}: ${answer.status} ${text.slice(0, 500)}`);
    return (JSON.parse(text) as { data: T }).data;
  };
  const form = await call<FormDto>('POST', '/forms', { name: `Crowd form ${Date.now()}`, description: 'The crowd fills it', type: 'Crowd', note: '' });
  const fresh = await call<FormDto>('GET', `/forms/${form.id}`);
  await call('PUT', `/forms/${form.id}/sections`, { sections: crowdSections() }, { 'if-match': `"${fresh.version}"` });
  await call('POST', `/forms/${form.id}/publish`, {});
  const partnerIds = [...new Set(rows.tickets.map((t) => t.partner_id))];
  const { assigned } = await call<{ assigned: PartnerFormDto[] }>('POST', '/partner-forms/assign', { formId: form.id, partnerIds });
  const formOf = new Map(assigned.map((p) => [p.partnerId, p.id]));
  const ticketOf = new Map(rows.tickets.map((t) => [t.partner_id, t.id]));
  const ticketIds = rows.tickets.map((t) => t.id);

  const users: CrowdUser[] = [
    ...(await Promise.all(
      rows.partnerUsers.map(async (row) => ({
        kind: 'partner' as const,
        email: row.email,
        token: await tokenOf(row, ROLE_NAMES.partner),
        ticketId: ticketOf.get(row.partner_id!)!,
        partnerFormId: formOf.get(row.partner_id!)!,
      })),
    )),
    ...(await Promise.all(
      rows.supportUsers.map(async (row, i) => ({
        kind: 'support' as const,
        email: row.email,
        token: await tokenOf(row, ROLE_NAMES.support),
        ticketId: ticketIds[i % ticketIds.length]!,
      })),
    )),
  ];
  return { users, partnerIds, ticketIds, adminToken };
}
