import { waitFor } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import type { Language } from '../../../../../contract/http';
import type { TicketChatMessage } from '../../../../../contract/tickets';
import { adminClaims, partnerClaims } from '../../../../../mocks/accounts';
import { messageRow, ticketsMock } from '../../../../../mocks/tickets';
import { TicketChat } from '../../../../../src/resources/tickets/chat/TicketChat';
import { hub } from '../../../realtime/fakeSignalr';
import { signInAs } from '../../../sessionFixtures';
import { renderWithAdmin } from '../../../tickets/renderTickets';

const { realtime } = await import('../../../../../src/realtime/realtime');
let deactivate = () => {};
afterEach(() => deactivate());

/** Signs `who` in and connects the fake hub (each test file mocks @microsoft/signalr with it); returns the connection. */
async function connectAs(who: 'admin' | 'partner') {
  hub.connection?.reset();
  signInAs(who);
  deactivate = realtime.activate();
  await waitFor(() => expect(realtime.getState()).toBe('Connected'));
  return hub.connection!;
}

export const ticket = () => ticketsMock.tickets[0];

const MINUTE = 60_000;
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();
/** Noon, `days` local calendar days ago. */
export const daysAgoAtNoon = (days: number) => {
  const day = new Date();
  day.setDate(day.getDate() - days);
  day.setHours(12, 0, 0, 0);
  return day.toISOString();
};

export const SUPPORT_ID = '00000000-0000-4000-8000-000000000002';

/** Messages of the first ticket, by whom: 'admin', 'support' (another staff member) or 'partner'. */
export function conversation(...rows: { by: 'admin' | 'support' | 'partner'; at: string; text?: string }[]): TicketChatMessage[] {
  ticketsMock.messages = rows.map(({ by, at, text }, index) => {
    const author =
      by === 'admin'
        ? { authorId: adminClaims.sub, authorName: adminClaims.fullName, authorIsStaff: true }
        : by === 'support'
          ? { authorId: SUPPORT_ID, authorName: 'Sam Support', authorIsStaff: true }
          : { authorId: partnerClaims.sub, authorName: partnerClaims.fullName, authorIsStaff: false };
    return messageRow(index + 1, ticket().id, { ...author, createdAt: at, body: `<p>${text ?? `Message ${index + 1}`}</p>` });
  });
  return ticketsMock.messages;
}

/** The chat of the first ticket as `who` reads it, in `language`, with the hub connected. */
export async function renderChatAs(who: 'admin' | 'partner', language: Language = 'en') {
  const connection = await connectAs(who);
  const claims = who === 'admin' ? adminClaims : partnerClaims;
  const view = renderWithAdmin(<TicketChat ticketId={ticket().id} status={ticket().status} userId={claims.sub} readerPartnerId={claims.partnerId} />, {
    language,
  });
  return { ...view, connection };
}
