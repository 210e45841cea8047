import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_LEVELS, type BusinessCalendar } from '../../../contract/serviceLevels';
import type { TicketStatus } from '../../../contract/tickets';
import { BusinessHoursOf, slaClock, type SlaFacts } from '../../../server/modules/tickets/sla/slaClock';

/** Mon–Fri 08:00–17:00 in Ho Chi Minh City (UTC+7, no daylight saving). */
const saigon = DEFAULT_SERVICE_LEVELS.calendar;
const hoursOf = (calendar: BusinessCalendar) => new BusinessHoursOf(calendar);
/** A Ho Chi Minh City wall time as an instant. */
const vn = (local: string) => new Date(`${local}+07:00`);

const facts = (history: [TicketStatus, Date][], firstStaffReplyAt: Date | null = null, raisedByStaff = false): SlaFacts => ({
  history: history.map(([status, at]) => ({ status, at })),
  firstStaffReplyAt,
  raisedByStaff,
});

const target = { firstResponse: 60, resolution: 180 };

describe('the SLA clock counts business minutes from the ticket history', () => {
  it('skips the weekend: Friday 16:00 to Monday 09:00 is two business hours', () => {
    const sla = slaClock(facts([['OPEN', vn('2026-11-27T16:00')]]), hoursOf(saigon), target, vn('2026-11-30T09:00'));
    expect(sla.resolution).toEqual({ state: 'ok', businessMinutesLeft: 60, dueAt: vn('2026-11-30T10:00').toISOString() });
    // The first response (60) ran out at Friday's close.
    expect(sla.firstResponse).toEqual({ state: 'breached', businessMinutesLeft: -60, dueAt: vn('2026-11-27T17:00').toISOString() });
  });

  it('a due date falls past the weekend', () => {
    const sla = slaClock(facts([['OPEN', vn('2026-11-27T16:00')]]), hoursOf(saigon), target, vn('2026-11-27T16:30'));
    expect(sla.resolution).toEqual({ state: 'ok', businessMinutesLeft: 150, dueAt: vn('2026-11-30T10:00').toISOString() });
    expect(sla.firstResponse).toEqual({ state: 'ok', businessMinutesLeft: 30, dueAt: vn('2026-11-27T17:00').toISOString() });
  });

  it("a running clock's due time is the same instant at every read (it does not move with the time of the read)", () => {
    const opened = facts([['OPEN', vn('2026-11-30T08:00:00.250')]]);
    const reads = ['2026-11-30T09:22:21.637', '2026-11-30T09:22:21.649', '2026-11-30T09:22:59.999', '2026-11-30T10:05:00.001'].map((at) =>
      slaClock(opened, hoursOf(saigon), target, vn(at)),
    );
    for (const sla of reads) {
      expect(sla.resolution?.dueAt).toBe(vn('2026-11-30T11:00:00.250').toISOString());
    }
    expect(reads[0].firstResponse?.dueAt).toBe(vn('2026-11-30T09:00:00.250').toISOString());
  });

  it('skips a holiday', () => {
    const withHoliday = { ...saigon, holidays: [{ date: '2026-11-30', name: 'Test day off' }] };
    const sla = slaClock(facts([['OPEN', vn('2026-11-27T16:00')]]), hoursOf(withHoliday), target, vn('2026-12-01T09:00'));
    expect(sla.resolution).toMatchObject({ state: 'ok', businessMinutesLeft: 60, dueAt: vn('2026-12-01T10:00').toISOString() });
  });

  it('pauses while the ticket is PENDING (waiting on the partner), and says so', () => {
    const history: [TicketStatus, Date][] = [
      ['OPEN', vn('2026-11-30T08:00')],
      ['PENDING', vn('2026-11-30T09:00')],
      ['OPEN', vn('2026-11-30T11:00')],
    ];
    const running = slaClock(facts(history), hoursOf(saigon), target, vn('2026-11-30T12:00'));
    expect(running.resolution).toMatchObject({ state: 'ok', businessMinutesLeft: 60 });
    const paused = slaClock(facts(history.slice(0, 2)), hoursOf(saigon), target, vn('2026-11-30T16:00'));
    expect(paused.resolution).toEqual({ state: 'paused', businessMinutesLeft: 120, dueAt: null });
  });

  it('is near once 80% of a target is used, breached past it', () => {
    const opened = facts([['OPEN', vn('2026-11-30T08:00')]]);
    expect(slaClock(opened, hoursOf(saigon), target, vn('2026-11-30T10:23')).resolution?.state).toBe('ok');
    expect(slaClock(opened, hoursOf(saigon), target, vn('2026-11-30T10:24')).resolution).toMatchObject({ state: 'near', businessMinutesLeft: 36 });
    expect(slaClock(opened, hoursOf(saigon), target, vn('2026-11-30T11:30')).resolution).toEqual({
      state: 'breached',
      businessMinutesLeft: -30,
      dueAt: vn('2026-11-30T11:00').toISOString(),
    });
  });

  it('the first staff reply meets the first response; resolving meets the resolution', () => {
    const sla = slaClock(
      facts(
        [
          ['OPEN', vn('2026-11-30T08:00')],
          ['RESOLVED', vn('2026-11-30T10:00')],
        ],
        vn('2026-11-30T08:45'),
      ),
      hoursOf(saigon),
      target,
      vn('2026-12-04T10:00'),
    );
    expect(sla.firstResponse).toEqual({ state: 'met', businessMinutesLeft: 15, dueAt: null });
    expect(sla.resolution).toEqual({ state: 'met', businessMinutesLeft: 60, dueAt: null });
  });

  it('a reopen starts the resolution clock again', () => {
    const sla = slaClock(
      facts(
        [
          ['OPEN', vn('2026-11-30T08:00')],
          ['RESOLVED', vn('2026-11-30T11:30')],
          ['OPEN', vn('2026-12-01T08:00')],
        ],
        vn('2026-11-30T08:10'),
      ),
      hoursOf(saigon),
      target,
      vn('2026-12-01T09:00'),
    );
    expect(sla.resolution).toMatchObject({ state: 'ok', businessMinutesLeft: 120 });
    expect(sla.firstResponse).toMatchObject({ state: 'met' });
  });

  it('a ticket staff raised waits for no first response', () => {
    const sla = slaClock(facts([['OPEN', vn('2026-11-30T08:00')]], null, true), hoursOf(saigon), target, vn('2026-11-30T09:00'));
    expect(sla.firstResponse).toBeNull();
  });

  it('reads hours in the calendar zone, across a daylight saving change', () => {
    const paris: BusinessCalendar = {
      timeZone: 'Europe/Paris',
      week: Object.fromEntries(Object.keys(saigon.week).map((day) => [day, [{ start: '08:00', end: '17:00' }]])) as BusinessCalendar['week'],
      holidays: [],
    };
    // Saturday 28 March 2026 16:00 CET (UTC+1) to Sunday 09:00 CEST (UTC+2, clocks moved forward at 02:00).
    const sla = slaClock(facts([['OPEN', new Date('2026-03-28T15:00Z')]]), hoursOf(paris), target, new Date('2026-03-29T07:00Z'));
    expect(sla.resolution).toMatchObject({ businessMinutesLeft: 60, dueAt: '2026-03-29T08:00:00.000Z' });
  });

  it('counts a ticket open for months as the sum of its weeks, and finds a due date weeks ahead, however the hours are asked in turn', () => {
    const opened = vn('2026-01-05T08:00'); // a Monday
    const long = { firstResponse: 60, resolution: 9 * 60 * 5 * 30 }; // thirty working weeks
    const read = (hours: BusinessHoursOf, at: string) => slaClock(facts([['OPEN', opened]]), hours, long, vn(at)).resolution;
    // Twenty weeks of 45 business hours, read on Monday at 08:00 twenty weeks later.
    const shared = hoursOf(saigon);
    // Ten working weeks left: due at the close of the tenth Friday.
    expect(read(shared, '2026-05-25T08:00')).toEqual({ state: 'ok', businessMinutesLeft: 10 * 45 * 60, dueAt: vn('2026-07-31T17:00').toISOString() });
    // One calendar asked about a later, then an earlier, then a much earlier ticket answers as a fresh one does.
    for (const at of ['2026-09-01T10:00', '2026-02-02T12:30', '2026-01-05T09:00']) expect(read(shared, at)).toEqual(read(hoursOf(saigon), at));
    expect(read(shared, '2026-01-05T09:00')).toMatchObject({ businessMinutesLeft: long.resolution - 60 });
  });

  it('finds a due date past a year of holidays, and none in a calendar closed for longer than it looks ahead', () => {
    const closedFor = (days: number) =>
      Array.from({ length: days }, (_, i) => ({ date: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10), name: 'Closed' }));
    const dueIn = (days: number) =>
      slaClock(facts([['OPEN', vn('2026-01-02T08:00')]]), hoursOf({ ...saigon, holidays: closedFor(days) }), target, vn('2026-01-02T09:00')).resolution;
    // Closed through Friday 1 January 2027: open again on Monday the 4th.
    expect(dueIn(366)).toEqual({ state: 'ok', businessMinutesLeft: 180, dueAt: vn('2027-01-04T11:00').toISOString() });
    expect(dueIn(900)).toEqual({ state: 'ok', businessMinutesLeft: 180, dueAt: null });
  });
});
