import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUDITED_TABLES } from '../../../../contract/auditTrail';
import type { DashboardActivity } from '../../../../contract/dashboard';
import { createI18nProvider } from '../../../../src/i18n/i18nProvider';
import { ActivityCard } from '../../../../src/pages/home/staff/ActivityCard';
import { renderWithAdmin } from '../../tickets/renderTickets';

const change = (tableName: string): DashboardActivity => ({
  id: `00000000-0000-4000-e000-000000000001`,
  type: 'Update',
  tableName,
  primaryKey: '00000000-0000-4000-e000-000000000002',
  recordName: null,
  at: new Date().toISOString(),
  actorName: 'Ada Admin',
});

describe("staff Home's recent activity", () => {
  it.each(['en', 'vi'] as const)('names every audited table in words in %s, never by its database name', (language) => {
    const { translate } = createI18nProvider(language);
    const unnamed = AUDITED_TABLES.filter((table) => {
      const label = translate(`dashboard.activity.tables.${table}`, { _: '' });
      return !label || label.includes('_') || label === table;
    });
    expect(unnamed).toEqual([]);
  });

  it('says "Changed an authenticator app", and a table it does not know as "a record"', async () => {
    renderWithAdmin(<ActivityCard activity={[change('second_factors'), { ...change('some_new_table'), id: '00000000-0000-4000-e000-000000000003' }]} />);
    expect(await screen.findByText('Changed an authenticator app')).toBeInTheDocument();
    expect(screen.getByText('Changed a record')).toBeInTheDocument();
  });
});
