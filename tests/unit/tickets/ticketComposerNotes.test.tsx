import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CannedResponseDto } from '../../../contract/cannedResponses';
import { ticketNumberOf } from '../../../contract/tickets';
import { adminClaims, partnerClaims } from '../../../mocks/accounts';
import { ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { messageRow, ticketsMock } from '../../../mocks/tickets';
import { TicketChat } from '../../../src/resources/tickets/chat/TicketChat';
import { signInAs } from '../sessionFixtures';
import { hub } from '../realtime/fakeSignalr';
import { renderWithAdmin } from './renderTickets';

vi.mock('@microsoft/signalr', () => import('../realtime/fakeSignalr'));

const { realtime } = await import('../../../src/realtime/realtime');

/** Issue 25: the composer's Reply / Internal note switch, notes drawn apart, and the `/` picker of canned responses. */
let deactivate: () => void;

const RESPONSES: CannedResponseDto[] = [
  canned('c1', 'Looking into it', 'Hello {{partnerName}}, ticket #{{ticketId}} ("{{ticketSubject}}") is with us. {{agentName}}', 'en'),
  canned('c2', 'Đang xử lý', 'Xin chào {{partnerName}}', 'vi'),
  canned('c3', 'Closing soon', 'We will close {{ticketSubject}} tomorrow.', null),
];

function canned(id: string, title: string, body: string, language: CannedResponseDto['language']): CannedResponseDto {
  return { id, title, body, language, shared: true, ownerId: null, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
}

beforeEach(async () => {
  hub.connection?.reset();
  server.use(http.post('/api/v1/canned-responses/search', () => ok({ items: RESPONSES, totalCount: RESPONSES.length, currentPage: 1, pageSize: 100 })));
});
afterEach(() => deactivate());

async function signIn(who: 'admin' | 'partner') {
  signInAs(who);
  deactivate = realtime.activate();
  await waitFor(() => expect(realtime.getState()).toBe('Connected'));
}

const ticket = () => ticketsMock.tickets[0];
const input = () => screen.getByTestId('chat-input');

function renderChat(who: 'admin' | 'partner', language: 'en' | 'vi' = 'en') {
  const claims = who === 'admin' ? adminClaims : partnerClaims;
  return renderWithAdmin(
    <TicketChat ticketId={ticket().id} ticket={ticket()} status={ticket().status} userId={claims.sub} readerPartnerId={claims.partnerId} />,
    { language },
  );
}

describe('the Reply / Internal note switch', () => {
  it('is reached by keyboard; a note is sent as internal and drawn apart, labelled "Internal note"', async () => {
    await signIn('admin');
    const user = userEvent.setup();
    renderChat('admin');
    await screen.findByText('Message 1');
    const note = await screen.findByRole('button', { name: 'Internal note' });
    expect(screen.getByRole('button', { name: 'Reply' })).toHaveAttribute('aria-pressed', 'true');

    // From the reply box, back by keyboard to the switch, and on it with Space.
    input().focus();
    while (document.activeElement !== note) await user.tab({ shift: true });
    await user.keyboard(' ');
    expect(note).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('chat-composer')).toHaveAttribute('data-mode', 'note');
    expect(screen.getByTestId('chat-note-hint')).toHaveTextContent('Only staff see this note');

    await user.type(input(), 'Partner pays late{Enter}');
    await waitFor(() => expect(ticketsMock.writes).toHaveLength(1));
    expect(ticketsMock.writes[0].body).toEqual({ body: 'Partner pays late', internal: true });
    const bubble = (await screen.findAllByTestId('chat-message')).find((b) => b.textContent?.includes('Partner pays late'))!;
    expect(bubble).toHaveAttribute('data-internal', 'true');
    expect(within(bubble).getByTestId('chat-note-label')).toHaveTextContent('Internal note');
    // A reply stays a reply.
    expect(screen.queryAllByTestId('chat-message')[0]).not.toHaveAttribute('data-internal');
  });

  it('a note arriving live is drawn as a note; a partner gets no switch and no picker', async () => {
    await signIn('partner');
    const user = userEvent.setup();
    renderChat('partner');
    await screen.findByText('Message 1');
    expect(screen.queryByRole('button', { name: 'Internal note' })).toBeNull();
    await user.type(input(), '/look');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input()).not.toHaveAttribute('role', 'combobox');

    act(() => hub.connection!.receive('TicketMessageCreated', messageRow(7, ticket().id, { body: '<p>A note</p>', internal: true })));
    const bubble = (await screen.findByText('A note')).closest('[data-testid="chat-message"]');
    expect(bubble).toHaveAttribute('data-internal', 'true');
  });
});

describe('the / picker', () => {
  it('opens at the start of a line, filters as one types, moves with the arrows and inserts with Enter, placeholders filled', async () => {
    await signIn('admin');
    const user = userEvent.setup();
    renderChat('admin');
    await screen.findByText('Message 1');
    await waitFor(() => expect(input()).toHaveAttribute('role', 'combobox'));

    await user.type(input(), '/');
    const listbox = await screen.findByRole('listbox', { name: 'Canned responses' });
    expect(within(listbox).getAllByRole('option')).toHaveLength(3);
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(input()).toHaveAttribute('aria-controls', listbox.id);

    await user.type(input(), 'o');
    // "o" is in two titles and in the third's text: titles first.
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('Looking into it'), expect.stringContaining('Closing soon'), expect.stringContaining('Đang xử lý')]);
    await user.type(input(), 'ok');
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(input()).toHaveAttribute('aria-activedescendant', options[0].id);

    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input()).toHaveValue(`Hello ${ticket().partnerName}, ticket #${ticketNumberOf(ticket().id)} ("${ticket().subject}") is with us. Ada Admin`);
    expect(ticketsMock.writes).toEqual([]);
  });

  it('arrow keys wrap; Escape closes it and the text stays; a / inside a line is just text', async () => {
    await signIn('admin');
    const user = userEvent.setup();
    renderChat('admin');
    await screen.findByText('Message 1');
    await waitFor(() => expect(input()).toHaveAttribute('role', 'combobox'));

    await user.type(input(), 'and/or');
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.type(input(), '{Shift>}{Enter}{/Shift}/');
    const listbox = await screen.findByRole('listbox');
    const selected = () =>
      within(listbox)
        .getAllByRole('option')
        .findIndex((o) => o.getAttribute('aria-selected') === 'true');
    expect(selected()).toBe(0);
    await user.keyboard('{ArrowUp}');
    expect(selected()).toBe(2);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(selected()).toBe(1);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(input()).toHaveValue('and/or\n/');
    // Enter now sends what was written, as ever.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(ticketsMock.writes).toHaveLength(1));
    expect(ticketsMock.writes[0].body).toEqual({ body: 'and/or<br>/' });
  });
});

describe('the / picker in Vietnamese', () => {
  it("offers the reader's language first, then those in any language, then the others", async () => {
    await signIn('admin');
    const user = userEvent.setup();
    renderChat('admin', 'vi');
    await screen.findByText('Message 1');
    await waitFor(() => expect(input()).toHaveAttribute('role', 'combobox'));
    await user.type(input(), '/');
    const listbox = await screen.findByRole('listbox', { name: 'Câu trả lời mẫu' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('Đang xử lý'), expect.stringContaining('Closing soon'), expect.stringContaining('Looking into it')]);
  });
});

describe('accessibility', () => {
  it('the composer with its switch in note mode and the picker open has no serious or critical axe finding', async () => {
    await signIn('admin');
    const user = userEvent.setup();
    const { container } = renderChat('admin');
    await screen.findByText('Message 1');
    await user.click(await screen.findByRole('button', { name: 'Internal note' }));
    await waitFor(() => expect(input()).toHaveAttribute('role', 'combobox'));
    await user.type(input(), '/');
    await screen.findByRole('listbox');
    // jsdom draws nothing: colour contrast is the Chromium walk's (tests/e2e/supportDesk.test.ts).
    const results = await axe.run(container, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'], rules: { 'color-contrast': { enabled: false } } });
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
