import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, permission } from '../../contract/permissions';
import { accessOf, mayHear, principalMayHear, viewOrSearch, type HubAudience } from '../../server/hub/audience';
import { noteAudience, readersOfTicket } from '../../server/modules/tickets/realtime/ticketAudiences';

// Who hears what the hub delivers, decided without a server: mayHear is the one check every delivery passes.
const ACME = 'acme-partner-id';
const GLOBEX = 'globex-partner-id';
const TICKET_VIEW = permission('Tickets', 'View');
const CHAT_VIEW = permission('TicketConversations', 'View');
const NOTES_VIEW = permission('TicketNotes', 'View');
const TICKETS_ADMIN_VIEW = permission('Tickets', 'AdminView');

const staff = (...permissions: string[]) => accessOf({ partnerId: null, permissions: new Set(permissions) });
const partnerUser = (partnerId: string, ...permissions: string[]) => accessOf({ partnerId, permissions: new Set(permissions) });

describe('who hears an internal note', () => {
  it("a partner's user holding every permission still hears no note, of its own partner's ticket or any other", () => {
    expect(mayHear(partnerUser(ACME, ...ALL_PERMISSIONS), noteAudience)).toBe(false);
    expect(principalMayHear({ partnerId: GLOBEX, permissions: new Set(ALL_PERMISSIONS) }, noteAudience)).toBe(false);
  });

  it('staff hear a note with the chat, the notes and every partner’s tickets; without any one of them, not', () => {
    const needed = [CHAT_VIEW, NOTES_VIEW, TICKETS_ADMIN_VIEW];
    expect(mayHear(staff(...needed), noteAudience)).toBe(true);
    expect(mayHear(staff(...ALL_PERMISSIONS), noteAudience)).toBe(true);
    for (const missing of needed) expect(mayHear(staff(...needed.filter((p) => p !== missing)), noteAudience)).toBe(false);
  });
});

describe('a staff-only audience', () => {
  const staffOnly: HubAudience = { scope: 'staff', readers: [{ all: [TICKET_VIEW] }] };

  it('reaches staff holding the reader’s permissions, and no partner’s user holding them', () => {
    expect(mayHear(staff(TICKET_VIEW), staffOnly)).toBe(true);
    expect(mayHear(partnerUser(ACME, TICKET_VIEW), staffOnly)).toBe(false);
  });

  it('asks staff no cross-partner permission: a back-office thing is no partner’s', () => {
    const withAcross: HubAudience = { scope: 'staff', readers: [{ all: [TICKET_VIEW], acrossPartners: TICKETS_ADMIN_VIEW }] };
    expect(mayHear(staff(TICKET_VIEW), withAcross)).toBe(true);
  });
});

describe("a partner's audience", () => {
  const acmeTicket = readersOfTicket({ partnerId: ACME }, TICKET_VIEW, CHAT_VIEW);

  it('reaches that partner’s users holding every needed permission, not those lacking one', () => {
    expect(mayHear(partnerUser(ACME, TICKET_VIEW, CHAT_VIEW), acmeTicket)).toBe(true);
    expect(mayHear(partnerUser(ACME, TICKET_VIEW), acmeTicket)).toBe(false);
    expect(mayHear(partnerUser(ACME, CHAT_VIEW), acmeTicket)).toBe(false);
  });

  it('never reaches another partner’s users, whatever they hold', () => {
    expect(mayHear(partnerUser(GLOBEX, TICKET_VIEW, CHAT_VIEW), acmeTicket)).toBe(false);
    expect(mayHear(partnerUser(GLOBEX, ...ALL_PERMISSIONS), acmeTicket)).toBe(false);
  });

  it('reaches staff only with the cross-partner permission besides the needed ones', () => {
    expect(mayHear(staff(TICKET_VIEW, CHAT_VIEW, TICKETS_ADMIN_VIEW), acmeTicket)).toBe(true);
    expect(mayHear(staff(TICKET_VIEW, CHAT_VIEW), acmeTicket)).toBe(false);
    expect(mayHear(staff(TICKETS_ADMIN_VIEW), acmeTicket)).toBe(false);
  });

  it('a partner’s own user needs no cross-partner permission', () => {
    expect(mayHear(partnerUser(ACME, TICKET_VIEW, CHAT_VIEW), acmeTicket)).toBe(true);
    const withoutAcross: HubAudience = { scope: { partnerId: ACME }, readers: [{ all: [TICKET_VIEW] }] };
    expect(mayHear(staff(TICKET_VIEW), withoutAcross)).toBe(true);
  });
});

describe('an audience of anyone holding a reader’s permissions', () => {
  const catalogue: HubAudience = { scope: 'anyone', readers: viewOrSearch('Products', TICKETS_ADMIN_VIEW) };

  it('reaches staff and any partner’s user holding either reader’s permission, and nobody else', () => {
    expect(mayHear(partnerUser(ACME, permission('Products', 'View')), catalogue)).toBe(true);
    expect(mayHear(partnerUser(GLOBEX, permission('Products', 'Search')), catalogue)).toBe(true);
    expect(mayHear(staff(permission('Products', 'Search')), catalogue)).toBe(true);
    expect(mayHear(staff(permission('Products', 'Export')), catalogue)).toBe(false);
    expect(mayHear(partnerUser(ACME), catalogue)).toBe(false);
  });

  it('with no readers, reaches nobody', () => {
    expect(mayHear(staff(...ALL_PERMISSIONS), { scope: 'anyone', readers: [] })).toBe(false);
  });
});

describe('readers of a catalogue resource', () => {
  it('are its View and its Search permission, each alone, with the cross-partner rule when given', () => {
    expect(viewOrSearch('Products')).toStrictEqual([{ all: [permission('Products', 'View')] }, { all: [permission('Products', 'Search')] }]);
    expect(viewOrSearch('Products', TICKETS_ADMIN_VIEW)).toStrictEqual([
      { all: [permission('Products', 'View')], acrossPartners: TICKETS_ADMIN_VIEW },
      { all: [permission('Products', 'Search')], acrossPartners: TICKETS_ADMIN_VIEW },
    ]);
  });
});

describe("a connection's access", () => {
  it('is its partner and permissions, one object for users with the same, whatever the order they were granted in', () => {
    const one = accessOf({ partnerId: ACME, permissions: new Set([TICKET_VIEW, CHAT_VIEW]) });
    expect(one).toEqual({ partnerId: ACME, permissions: new Set([TICKET_VIEW, CHAT_VIEW]) });
    expect(Object.isFrozen(one)).toBe(true);
    expect(accessOf({ partnerId: ACME, permissions: new Set([CHAT_VIEW, TICKET_VIEW]) })).toBe(one);
  });

  it('differs between a partner’s user and staff with the same permissions, and between partners', () => {
    const acme = partnerUser(ACME, TICKET_VIEW);
    const globex = partnerUser(GLOBEX, TICKET_VIEW);
    const back = staff(TICKET_VIEW);
    expect(new Set([acme, globex, back]).size).toBe(3);
    expect([acme.partnerId, globex.partnerId, back.partnerId]).toEqual([ACME, GLOBEX, null]);
  });

  it('differs between permission sets whose names run together', () => {
    const two = accessOf({ partnerId: ACME, permissions: new Set(['a', 'b']) });
    const one = accessOf({ partnerId: ACME, permissions: new Set(['ab']) });
    expect(one).not.toBe(two);
    expect([...one.permissions]).toEqual(['ab']);
  });

  it('is kept for at most 10,000 distinct accesses at once, then the cache starts over', () => {
    const probe = { partnerId: 'probe', permissions: new Set([TICKET_VIEW]) };
    let held = accessOf(probe);
    let fresh = 0;
    const nextFresh = () => accessOf({ partnerId: `fresh-${fresh++}`, permissions: new Set() });
    /** Adds fresh accesses until the probe's is no longer the one kept: how many went in before the cache started over. */
    const untilStartedOver = () => {
      for (let added = 1; added <= 20_000; added++) {
        nextFresh();
        const now = accessOf(probe);
        if (now !== held) {
          held = now;
          return added;
        }
      }
      return 'never started over';
    };
    untilStartedOver();
    // The cache now holds the fresh access that started it over and the probe's: 9,998 more fill it to 10,000, and
    // the next one starts it over.
    expect(untilStartedOver()).toBe(9_999);
  });
});
