import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { DashboardList, DashboardTicket } from '../../../contract/dashboard';
import { EmptyState } from '../../components/EmptyState';
import { TicketStatusChip } from '../../resources/tickets/TicketStatusChip';
import { DashboardCard } from './DashboardCard';
import { LinkedItemList } from './LinkedItemList';
import { useTimeText } from './useTimeText';
import { viewAll } from './viewAll';

interface TicketListCardProps {
  tickets: DashboardList<DashboardTicket>;
  /** The i18n branch: `title`, `since` (%{time}, %{partner}), `emptyTitle`, `emptyHint`, `all`. */
  texts: 'dashboard.awaiting' | 'dashboard.waitingForUs';
  listRoute: string;
  detailRoute: (id: string) => string;
  emptyAction?: ReactNode;
  testId: string;
}

/** Tickets waiting for one side's answer, longest waiting first, each a link to its conversation. */
export function TicketListCard({ tickets, texts, listRoute, detailRoute, emptyAction, testId }: TicketListCardProps) {
  const translate = useTranslate();
  const time = useTimeText();
  return (
    <DashboardCard title={translate(`${texts}.title`)} more={viewAll(translate, listRoute, tickets, `${texts}.all`)} testId={testId}>
      {tickets.items.length === 0 ? (
        <EmptyState dense title={translate(`${texts}.emptyTitle`)} hint={translate(`${texts}.emptyHint`)} action={emptyAction} />
      ) : (
        <LinkedItemList
          label={translate(`${texts}.title`)}
          items={tickets.items.map((ticket) => ({
            key: ticket.id,
            to: detailRoute(ticket.id),
            primary: ticket.subject,
            secondary: (
              <span title={time.absolute(ticket.waitingSince)}>
                {translate(`${texts}.since`, { partner: ticket.partnerName, time: time.relative(ticket.waitingSince) })}
              </span>
            ),
            trailing: <TicketStatusChip status={ticket.status} />,
          }))}
        />
      )}
    </DashboardCard>
  );
}
