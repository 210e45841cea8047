// The rows of bench:dashboard: 100,000 tickets over 500 partners (Acme among them), with messages, partner forms,
// audit rows and file requests in proportion, inserted in bulk with generate_series.
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';

export const TICKETS = 100_000;
export const PARTNERS = 500;

export async function seedDashboardBench(db: Db) {
  const run = (text: string) => db.execute(sql.raw(text));
  // Partners 1..500 of the bench, with Acme (the demo partner user's) among them: its share of every table is a partner's view.
  await run(`
  insert into partners (name, name_folded, email, type, address, phone, search_text, created_at)
  select 'Bench partner ' || i, 'bench partner ' || i, 'bench' || i || '@bench.example', 'Bench', i || ' Bench Road', '+84 24 ' || lpad(i::text, 7, '0'),
         'bench partner ' || i, now() - (i || ' minutes')::interval
  from generate_series(1, ${PARTNERS - 1}) as i`);
  await run(`create temporary table bench_partners as
    select row_number() over (order by (name = 'Acme Logistics') desc, id) as n, id from partners where name like 'Bench partner %' or name = 'Acme Logistics'`);
  await run(`create temporary table bench_people as
    select (select id from users where email = 'admin@example.com') as staff, (select id from users where email = 'partner@acme.example') as partner_user`);

  // Tickets: every status, two in three waiting for staff, a day and a bit of history each (older first).
  await run(`
  insert into tickets (subject, description, status, partner_id, created_by, search_text, subject_folded, last_message_at,
                       awaiting_side, awaiting_since, created_at, updated_at)
  select 'Bench ticket ' || i, '<p>Bench</p>', (array['OPEN','OPEN','OPEN','OPEN','PENDING','PENDING','RESOLVED','RESOLVED','CLOSED','CLOSED'])[1 + i % 10],
         p.id, case when i % 3 = 0 then b.staff else b.partner_user end, 'bench ticket ' || i, 'bench ticket ' || i, now() - (i || ' minutes')::interval,
         case when i % 3 = 0 then 'partner' else 'staff' end, now() - (i || ' minutes')::interval,
         now() - (i || ' minutes')::interval - interval '1 day', now() - (i || ' minutes')::interval
  from generate_series(1, ${TICKETS}) as i
  join bench_partners p on p.n = 1 + i % ${PARTNERS}
  cross join bench_people b`);

  // Two messages a ticket.
  await run(`
  insert into ticket_messages (ticket_id, author_id, body, created_at)
  select t.id, case when k = 1 then b.partner_user else b.staff end, '<p>Bench message</p>', t.created_at + (k || ' hours')::interval
  from tickets t cross join generate_series(1, 2) as k cross join bench_people b
  where t.subject like 'Bench ticket %'`);

  // Partner forms: per partner and demo form definition one not submitted (OPEN fresh or filled, reopened, LOCKED), then submitted ones.
  await run(`create temporary table bench_forms as
    select row_number() over (order by definition_id) as n, definition_id, id as form_id, total
    from (select distinct on (definition_id) definition_id, id, 12 as total from form_versions where deleted_at is null order by definition_id, version_number desc) v`);
  await run(`
  insert into partner_forms (partner_id, form_id, definition_id, status, total_fields, required_fields, filled_count, reopened_at, submitted_at, search_text, created_at, updated_at)
  select p.id, f.form_id, f.definition_id,
         case when r = 0 then (array['OPEN','OPEN','OPEN','LOCKED'])[1 + p.n % 4] else 'SUBMITTED' end,
         f.total, 6, case when r = 0 and p.n % 4 = 0 then 0 else 6 end,
         case when r = 0 and p.n % 4 = 2 then now() - interval '2 days' end,
         case when r > 0 then now() - (r || ' days')::interval end,
         'bench form', now() - (r || ' days')::interval - interval '1 day', now() - (r || ' days')::interval
  from bench_partners p cross join bench_forms f cross join generate_series(0, 3) as r
  where not exists (select 1 from partner_forms x where x.partner_id = p.id and x.definition_id = f.definition_id)`);

  // The audit trail: two rows a ticket, the newest now.
  await run(`
  insert into audit_trails (user_id, type, table_name, primary_key, new_values, affected_columns, date_time)
  select b.staff, (array['Create','Update'])[1 + i % 2], 'tickets', gen_random_uuid()::text, '{"status":"OPEN"}'::jsonb, '["status"]'::jsonb,
         now() - (i || ' seconds')::interval
  from generate_series(1, ${2 * TICKETS}) as i cross join bench_people b`);

  // File requests, one in five waiting; a few grants of Acme's ending soon.
  await run(`
  insert into file_requests (request_text, reason, status, partner_id, requested_by, search_text, created_at, updated_at)
  select 'Bench document ' || i, 'Bench', case when i % 5 = 0 then 'PENDING' else 'REJECTED' end, p.id, b.partner_user, 'bench document ' || i,
         now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
  from generate_series(1, ${TICKETS / 20}) as i join bench_partners p on p.n = 1 + i % ${PARTNERS} cross join bench_people b`);
  await run(`
  insert into managed_files (file_name, content_type, size, storage_key, sha256, uploaded_by, search_text)
  select 'bench-' || i || '.pdf', 'application/pdf', 100, 'bench-' || i, repeat('0', 64), b.staff, 'bench ' || i
  from generate_series(1, 200) as i cross join bench_people b`);
  await run(`
  insert into file_grants (file_id, condition_type, partner_id, valid_from, valid_to, download_limit, created_by)
  select f.id, 'partner', p.id, now() - interval '1 day', now() + ((1 + row_number() over (order by f.id) % 30) || ' days')::interval, 5, b.staff
  from managed_files f cross join bench_people b join bench_partners p on p.n = 1
  where f.file_name like 'bench-%'`);
  await run('vacuum analyze');
}
