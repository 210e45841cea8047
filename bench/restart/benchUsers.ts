import pg from 'pg';
import { signAccessToken } from '../../server/core/jwt';

const PARTNERS = 50;

/**
 * `count` partner users over 50 partners, each signed in once (a sign_ins row, whose id the token carries as `sid`),
 * added by SQL on the server's database; answers one access token each, signed with the server's JWT_SECRET
 * (thousands of password sign-ins would measure the hashing). So every hub client is another person, as after a real
 * restart: the server knows none of them yet.
 */
export async function seedSignedInUsers(databaseUrl: string, jwtSecret: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of [
      `insert into partners (name, email, type, address, phone)
          select 'Restart partner ' || p, 'restart' || p || '@bench.example', 'Bench', 'Bench street ' || p, '+84 24 556 ' || lpad(p::text, 4, '0')
          from generate_series(1, ${PARTNERS}) p`,
      `insert into users (first_name, last_name, user_name, email, is_active, email_confirmed, partner_id)
          select 'Person' || u, 'Restart', 'person' || u || '@restart.example', 'person' || u || '@restart.example', true, true,
                 (select id from partners where name = 'Restart partner ' || (1 + u % ${PARTNERS}))
          from generate_series(0, ${count - 1}) u`,
      `insert into user_roles (user_id, role_id)
          select u.id, (select id from roles where name = 'Partner') from users u where u.email like 'person%@restart.example'`,
      `insert into sign_ins (id, user_id, method) select gen_random_uuid(), u.id, 'password' from users u where u.email like 'person%@restart.example'`,
    ])
      await client.query(statement);
    const { rows } = await client.query<{ id: string; email: string; partner_id: string; sid: string }>(
      `select u.id, u.email, u.partner_id, s.id as sid from users u join sign_ins s on s.user_id = u.id
        where u.email like 'person%@restart.example' order by u.email`,
    );
    const secret = new TextEncoder().encode(jwtSecret);
    return await Promise.all(
      rows.map((row) =>
        signAccessToken(secret, {
          sub: row.id,
          sid: row.sid,
          fullName: `${row.email} Restart`,
          email: row.email,
          role: 'Partner',
          partnerId: row.partner_id,
          phone: null,
          avatar: null,
        }),
      ),
    );
  } finally {
    await client.end();
  }
}
