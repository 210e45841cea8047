import { useTranslate } from 'react-admin';
import type { DashboardActivity } from '../../../../contract/dashboard';
import { formEditorRoute, staffPartnerFormRoute } from '../../../../contract/forms';
import { adminTicketDetailRoute } from '../../../../contract/tickets';
import { EmptyState } from '../../../components/EmptyState';
import { DashboardCard } from '../DashboardCard';
import { LinkedItemList } from '../LinkedItemList';
import { useTimeText } from '../useTimeText';

/** The record's screen of an audit row when one obviously shows it (a deleted record has none). */
const RECORD_ROUTES: Partial<Record<string, (key: string) => string>> = {
  tickets: adminTicketDetailRoute,
  partner_forms: staffPartnerFormRoute,
  forms: formEditorRoute,
};

export function activityRoute(activity: DashboardActivity): string | undefined {
  return activity.type === 'Delete' ? undefined : RECORD_ROUTES[activity.tableName]?.(activity.primaryKey);
}

/** The newest rows of the audit trail: what changed (named), who changed it, when; a row opens its record when it can. */
export function ActivityCard({ activity }: { activity: DashboardActivity[] }) {
  const translate = useTranslate();
  const time = useTimeText();
  return (
    <DashboardCard title={translate('dashboard.activity.title')} testId="dashboard-activity">
      {activity.length === 0 ? (
        <EmptyState dense title={translate('dashboard.activity.emptyTitle')} hint={translate('dashboard.activity.emptyHint')} />
      ) : (
        <LinkedItemList
          label={translate('dashboard.activity.title')}
          items={activity.map((row) => ({
            key: row.id,
            to: activityRoute(row),
            primary: translate(row.recordName ? 'dashboard.activity.lineNamed' : 'dashboard.activity.line', {
              type: translate(`dashboard.activity.types.${row.type}`, { _: row.type }),
              table: translate(`dashboard.activity.tables.${row.tableName}`, { _: translate('dashboard.activity.tables.other') }),
              name: row.recordName,
            }),
            secondary: (
              <span title={time.absolute(row.at)}>
                {translate('dashboard.activity.by', { actor: row.actorName ?? translate('dashboard.activity.system'), time: time.relative(row.at) })}
              </span>
            ),
          }))}
        />
      )}
    </DashboardCard>
  );
}
