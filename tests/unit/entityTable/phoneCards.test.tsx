import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { userRow } from '../../../mocks/adminApi';
import { ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import partners from '../../../src/resources/partners/partnerTable';
import users from '../../../src/resources/users/userTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { atPhoneWidth } from './phoneWidth';
import { renderEntityScreen } from './renderEntityTable';

const cards = () => screen.queryAllByTestId('entity-card');
const cardOf = (title: string) => cards().find((card) => within(card).getByTestId('entity-card-title').textContent?.includes(title)) as HTMLElement;

describe('entity lists on a phone', { timeout: 30_000 }, () => {
  it('shows each partner as a card with its name and main facts instead of a table row', async () => {
    atPhoneWidth();
    signInAs('admin');
    renderEntityScreen(partners);
    await waitFor(() => expect(cards()).toHaveLength(3), LOAD);
    expect(screen.queryAllByTestId('entity-row')).toHaveLength(0);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const acme = cardOf('Acme Logistics');
    const facts = within(acme)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(facts).toEqual(['Email', 'Type', 'Phone']);
    expect(within(acme).getByTestId('entity-card-fact-email').textContent).toMatch(/@/);
  });

  it('opens the card’s row menu from the keyboard', async () => {
    const user = userEvent.setup();
    atPhoneWidth();
    signInAs('admin');
    renderEntityScreen(partners);
    await waitFor(() => expect(cards()).toHaveLength(3), LOAD);
    within(cardOf('Acme Logistics')).getByRole('button', { name: 'Actions for Acme Logistics' }).focus();
    await user.keyboard('{Enter}');
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Sign-in settings', 'Delete']);
  });

  it('shows a user’s whole status chip beside the name on the card', async () => {
    atPhoneWidth();
    signInAs('admin');
    server.use(
      http.post('/api/v1/users/search', () => ok({ items: [userRow(1, { firstName: 'Lan', isActive: true })], totalCount: 1, currentPage: 1, pageSize: 10 })),
    );
    renderEntityScreen(users, { basePath: '/user-management' });
    await waitFor(() => expect(cards()).toHaveLength(1), LOAD);
    const card = cards()[0];
    expect(within(card).getByTestId('entity-card-title')).toHaveTextContent('Lan Tester');
    expect(within(card).getByTestId('entity-card-status')).toHaveTextContent('Active');
    expect(within(card).getByTestId('entity-card-fact-partnerName')).toHaveTextContent('Acme Logistics');
  });

  it('puts search first and the other tools in icon buttons with names', async () => {
    const user = userEvent.setup();
    atPhoneWidth();
    signInAs('admin');
    renderEntityScreen(partners);
    await waitFor(() => expect(cards()).toHaveLength(3), LOAD);
    expect(screen.getByRole('button', { name: 'Add' })).not.toHaveTextContent('Add');
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Reload', 'Export']);
  });
});
