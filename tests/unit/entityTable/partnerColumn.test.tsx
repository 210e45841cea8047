import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { permission, type Action } from '../../../contract/permissions';
import { userRow } from '../../../mocks/adminApi';
import { ok } from '../../../mocks/envelopes';
import { server } from '../../../mocks/server';
import { savePermissions } from '../../../src/providers/session/sessionStorage';
import partnerUsers from '../../../src/resources/partnerUsers/partnerUserTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { renderEntityScreen, rowOf, rows } from './renderEntityTable';

const GLOBEX = '00000000-0000-4000-9000-000000000002';

function answerPartnerUsers() {
  const items = [userRow(1, { firstName: 'Lan' }), userRow(2, { firstName: 'Minh', partnerId: GLOBEX, partnerName: 'Globex Trading' })];
  server.use(http.post('/api/v1/partner-users/search', () => ok({ items, totalCount: items.length, currentPage: 1, pageSize: 10 })));
}

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

describe('partner users’ Partner column', { timeout: 30_000 }, () => {
  it('shows staff the partner of each user', async () => {
    signInAs('admin');
    answerPartnerUsers();
    renderEntityScreen(partnerUsers, { basePath: '/partner/users' });
    await waitFor(() => expect(rows()).toHaveLength(2), LOAD);
    expect(headers()).toContain('Partner');
    expect(within(rowOf('Minh Tester')).getByText('Globex Trading')).toBeInTheDocument();
    expect(within(rowOf('Lan Tester')).getByText('Acme Logistics')).toBeInTheDocument();
  });

  it('leaves it out for a partner’s own users, who share one partner', async () => {
    signInAs('partner');
    savePermissions(['Search', 'View', 'Create', 'Update'].map((action) => permission('PartnerUsers', action as Action)));
    answerPartnerUsers();
    renderEntityScreen(partnerUsers, { basePath: '/partner/users' });
    await waitFor(() => expect(rows()).toHaveLength(2), LOAD);
    expect(headers()).not.toContain('Partner');
    expect(within(rowOf('Lan Tester')).queryByText('Acme Logistics')).not.toBeInTheDocument();
  });
});
