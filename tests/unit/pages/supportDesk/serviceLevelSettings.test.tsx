import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { permission } from '../../../../contract/permissions';
import type { ServiceLevelSettings, TicketSla } from '../../../../contract/serviceLevels';
import { serviceLevelsMock } from '../../../../mocks/serviceLevels';
import { ServiceLevelCard } from '../../../../src/pages/home/staff/ServiceLevelCard';
import { ServiceLevelSettingsCard } from '../../../../src/pages/supportDesk/ServiceLevelSettingsCard';
import { savePermissions } from '../../../../src/providers/session/sessionStorage';
import { TicketSlaCell } from '../../../../src/resources/tickets/sla/TicketSlaChip';
import { signInAs } from '../../sessionFixtures';
import { renderWithAdmin } from '../../tickets/renderTickets';

describe('the service levels card of Support desk settings', () => {
  it('shows the seeded calendar and targets, refuses closing before opening without sending, then saves a holiday', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderWithAdmin(<ServiceLevelSettingsCard />);
    const monday = await screen.findByTestId('service-levels-mon');
    expect(within(monday).getByRole('textbox', { name: 'Monday Opens' })).toHaveValue('08:00');
    expect(within(screen.getByTestId('service-levels-sat')).getByText('Closed')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Urgent: First response' })).toHaveValue(30);

    const closes = within(monday).getByRole('textbox', { name: 'Monday Closes' });
    await user.clear(closes);
    await user.type(closes, '07:00');
    await user.click(screen.getByTestId('service-levels-save'));
    expect(await within(monday).findByRole('alert')).toHaveTextContent('Closing time must be after opening time');
    expect(serviceLevelsMock.writes).toEqual([]);

    await user.clear(closes);
    await user.type(closes, '17:00');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    const holiday = screen.getByTestId('service-levels-holiday');
    await user.type(within(holiday).getByLabelText('Date'), '2026-09-02');
    await user.type(within(holiday).getByRole('textbox', { name: 'Name' }), 'Quốc khánh');
    await user.click(screen.getByTestId('service-levels-save'));
    await waitFor(() => expect(serviceLevelsMock.writes).toHaveLength(1));
    const saved = serviceLevelsMock.writes[0] as ServiceLevelSettings;
    expect(saved.calendar.holidays).toEqual([{ date: '2026-09-02', name: 'Quốc khánh' }]);
    expect(saved.calendar.week.mon).toEqual([{ start: '08:00', end: '17:00' }]);
    expect(await screen.findByTestId('toast-success')).toHaveTextContent('Service levels saved');
  });

  it('is read-only for staff who may view but not configure, and in Vietnamese', async () => {
    signInAs('admin');
    savePermissions([permission('ServiceLevels', 'View')]);
    renderWithAdmin(<ServiceLevelSettingsCard />, { language: 'vi' });
    expect(await screen.findByText('Mức dịch vụ')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Thứ Hai Mở' })).toBeDisabled();
    expect(screen.getByText(/cần quyền Cấu hình/)).toBeInTheDocument();
    expect(screen.queryByTestId('service-levels-save')).toBeNull();
  });

  it('shows nothing without ServiceLevels.View', async () => {
    signInAs('partner');
    const { container } = renderWithAdmin(<ServiceLevelSettingsCard />);
    await waitFor(() => expect(container.querySelector('[data-testid="service-level-settings"]')).toBeNull());
  });
});

describe('the SLA chip of the tickets list', () => {
  it('shows the most pressing target as an icon and a label, with the time over in text a screen reader reads (and the title)', async () => {
    const sla: TicketSla = {
      firstResponse: { state: 'met', dueAt: null, businessMinutesLeft: 5 },
      resolution: { state: 'breached', dueAt: '2026-11-27T09:00:00.000Z', businessMinutesLeft: -75 },
    };
    renderWithAdmin(<TicketSlaCell sla={sla} />);
    const chip = await screen.findByTestId('ticket-sla');
    expect(chip).toHaveTextContent('Resolution: Breached · 1 h 15 min over');
    expect(chip).not.toHaveAttribute('aria-label');
    expect(chip).toHaveAttribute('title', 'Resolution: Breached · 1 h 15 min over');
    expect(chip.querySelector('svg')).not.toBeNull();
  });
});

describe("staff Home's service level card", () => {
  it('shows the breached and near counts and links the most overdue ticket to its page', async () => {
    signInAs('admin');
    const id = '00000000-0000-4000-8000-00000000a001';
    serviceLevelsMock.summary = {
      breached: 3,
      near: 2,
      tickets: [{ id, subject: 'Invoice missing', partnerName: 'Acme', target: 'firstResponse', state: 'breached', businessMinutesLeft: -45 }],
    };
    renderWithAdmin(<ServiceLevelCard />);
    expect(await screen.findByTestId('dashboard-sla-breached')).toHaveTextContent('3');
    expect(screen.getByTestId('dashboard-sla-near')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Invoice missing' })).toHaveAttribute('href', `/ticket-management/${id}/detail`);
    expect(screen.getByTestId('ticket-sla')).toHaveTextContent('First response: Breached · 45 min over');
  });
});
