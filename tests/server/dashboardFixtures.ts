import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DashboardDto, PartnerDashboardDto, StaffDashboardDto } from '../../contract/dashboard';
import { ROLE_NAMES } from '../../contract/roles';
import { tickets } from '../../server/db/schema';
import { expectEnvelope } from './expectations';
import type { useDemoServer } from './factories';

type Demo = ReturnType<typeof useDemoServer>;

/** GET /api/v1/dashboard as the holder of `token`, checked to answer 200 uncached. */
export async function dashboardOf(demo: Demo, token: string): Promise<DashboardDto> {
  const answer = expectEnvelope(await demo.server.api<DashboardDto>('GET', '/api/v1/dashboard', { token }), 200);
  expect(answer.headers.get('cache-control')).toBe('private, no-store');
  return answer.body.data!;
}

export async function partnerDashboardOf(demo: Demo, token: string): Promise<PartnerDashboardDto> {
  const dashboard = await dashboardOf(demo, token);
  if (dashboard.audience !== 'partner') throw new Error(`expected the partner audience, got ${dashboard.audience}`);
  return dashboard;
}

export async function staffDashboardOf(demo: Demo, token: string): Promise<StaffDashboardDto> {
  const dashboard = await dashboardOf(demo, token);
  if (dashboard.audience !== 'staff') throw new Error(`expected the staff audience, got ${dashboard.audience}`);
  return dashboard;
}

/** A partner of its own with one signed-in user of the seeded Partner role. */
export async function partnerWithUser(demo: Demo) {
  const partner = await demo.make.partner();
  const user = await demo.make.user({ roleId: demo.roleIds[ROLE_NAMES.partner], partnerId: partner.id });
  return { partner, user };
}

/** Moves a ticket's wait back in time, so it is the longest waiting (the lists show the oldest few). */
export async function waitingSince(demo: Demo, ticketId: string, at: Date) {
  await demo.server.built.ctx.db.update(tickets).set({ awaitingSince: at }).where(eq(tickets.id, ticketId));
}

/** The ticket's awaiting columns as stored. */
export async function awaitingOf(demo: Demo, ticketId: string) {
  const [row] = await demo.server.built.ctx.db
    .select({ side: tickets.awaitingSide, since: tickets.awaitingSince })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return row;
}
