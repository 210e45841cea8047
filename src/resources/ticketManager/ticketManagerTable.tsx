import AttachFile from '@mui/icons-material/AttachFile';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { adminTicketDetailRoute, TICKET_PRIORITIES, TICKET_STATUSES, type TicketDto } from '../../../contract/tickets';
import { declaredIdentity } from '../../admin/screenDeclaration';
import type { EntityResource } from '../../entityTable/types';
import { PartnerFilterInput } from '../partners/PartnerFilterInput';
import { TicketAttachmentIcons } from '../tickets/manager/TicketAttachmentIcons';
import { TicketDescriptionCell } from '../tickets/manager/TicketDescriptionCell';
import { TicketIdCell } from '../tickets/manager/TicketIdCell';
import { TicketIdFilterInput } from '../tickets/manager/TicketIdFilterInput';
import { TicketMatchedText } from '../tickets/TicketMatchedText';
import { TicketStatusDialog } from '../tickets/TicketStatusDialog';
import { TicketStatusChip } from '../tickets/TicketStatusChip';
import { TicketStatusIcon } from '../tickets/TicketStatusIcon';
import { statusLabelKey } from '../tickets/ticketStatus';
import { assignTicket } from '../tickets/assignment/assignmentApi';
import { AssignTicketDialog } from '../tickets/assignment/AssignTicketDialog';
import { TicketAssigneeCell } from '../tickets/assignment/TicketAssigneeCell';
import { priorityLabelKey, TicketPriorityChip } from '../tickets/assignment/TicketPriorityChip';
import { TicketSlaCell } from '../tickets/sla/TicketSlaChip';
import ticketManager from '.';

/**
 * The ticket manager (/ticket-manager and /ticket-management, specification section 2 "Ticket manager"):
 * every partner's tickets for staff, searched by one keyword (id, subject, description and message text; issue 25)
 * and by id prefix, subject and partner, paged on the server and reloaded live when a ticket changes. Staff open a
 * ticket's chat, or change its status after confirming.
 */
const ticketManagerTable: EntityResource<TicketDto> = {
  ...declaredIdentity(ticketManager),
  titleKey: 'tickets.manager.title',
  nameKey: 'tickets.manager.name',
  descriptionKey: 'tickets.manager.description',
  emptyTitleKey: 'admin.empty.tickets',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  // Issue 25: one box finds tickets by id, subject, description and message text (react-admin's q), best matches first.
  keywordSearch: true,
  keywordLabelKey: 'tickets.list.search',
  filters: [
    { kind: 'custom', source: 'id', labelKey: 'tickets.fields.id', Input: TicketIdFilterInput },
    { kind: 'text', source: 'subject', labelKey: 'tickets.fields.subject' },
    { kind: 'custom', source: 'partnerId', labelKey: 'tickets.fields.partnerName', Input: PartnerFilterInput },
    // Home's figures link here on one status: /ticket-management?filter={"status":"OPEN"}.
    {
      kind: 'select',
      source: 'status',
      labelKey: 'tickets.fields.status',
      choices: TICKET_STATUSES.map((value) => ({ value, labelKey: statusLabelKey(value) })),
    },
    // Issue 25: the "mine" and "unassigned" views (/ticket-management?filter={"assigneeId":"me"}), and priority.
    {
      kind: 'select',
      source: 'assigneeId',
      labelKey: 'ticketAssignment.assignee.label',
      choices: [
        { value: 'me', labelKey: 'ticketAssignment.views.mine' },
        { value: 'none', labelKey: 'ticketAssignment.views.unassigned' },
      ],
    },
    {
      kind: 'select',
      source: 'priority',
      labelKey: 'ticketAssignment.priority.label',
      choices: TICKET_PRIORITIES.map((value) => ({ value, labelKey: priorityLabelKey(value) })),
    },
  ],
  columns: [
    { source: 'id', labelKey: 'tickets.fields.id', render: (ticket) => <TicketIdCell id={ticket.id} />, card: 'fact' },
    {
      source: 'subject',
      labelKey: 'tickets.fields.subject',
      sortable: true,
      maxWidth: 200,
      card: 'title',
      render: (ticket) => (
        <>
          {ticket.subject}
          <TicketMatchedText text={ticket.matchedText} block />
        </>
      ),
    },
    {
      source: 'description',
      labelKey: 'tickets.fields.description',
      render: (ticket) => <TicketDescriptionCell html={ticket.description} />,
      minWidth: 140,
      hideOnMobile: true,
    },
    {
      source: 'attachments',
      labelKey: 'tickets.fields.attachments',
      render: (ticket) => <TicketAttachmentIcons ticketId={ticket.id} attachments={ticket.attachments ?? []} />,
      headerIcon: <AttachFile fontSize="small" />,
      hideOnMobile: true,
    },
    { source: 'partnerName', labelKey: 'tickets.fields.partnerName', sortable: true, maxWidth: 200, hideOnMobile: true, card: 'fact' },
    {
      source: 'priority',
      labelKey: 'ticketAssignment.priority.label',
      sortable: true,
      render: (ticket) => <TicketPriorityChip priority={ticket.priority} />,
      card: 'fact',
    },
    {
      source: 'assigneeName',
      labelKey: 'ticketAssignment.assignee.label',
      sortable: true,
      maxWidth: 180,
      render: (ticket) => <TicketAssigneeCell name={ticket.assigneeName} />,
      card: 'fact',
    },
    // Issue 25: the most pressing SLA target (breached, near, running, paused, met), icon and label.
    { source: 'sla', labelKey: 'serviceLevels.column', sortable: true, render: (ticket) => <TicketSlaCell sla={ticket.sla} />, card: 'fact' },
    {
      source: 'status',
      labelKey: 'tickets.fields.status',
      sortable: true,
      render: (ticket) => <TicketStatusIcon status={ticket.status} />,
      card: 'status',
      renderCard: (ticket) => <TicketStatusChip status={ticket.status} />,
    },
  ],
  canCreate: false,
  canDelete: false,
  exportable: true,
  rowActions: [
    {
      key: 'assign-to-me',
      labelKey: 'ticketAssignment.assignee.assignToMe',
      icon: <PersonAddAlt fontSize="small" />,
      access: { action: 'Update', resource: 'TicketAssignments' },
      run: async (ticket, { refresh, notify }) => {
        await assignTicket(ticket.id, 'me');
        notify('ticketAssignment.assigned', 'success');
        refresh();
      },
    },
    {
      key: 'reassign',
      labelKey: 'ticketAssignment.assignee.reassign',
      icon: <SwapHoriz fontSize="small" />,
      access: { action: 'Update', resource: 'TicketAssignments' },
      Dialog: AssignTicketDialog,
    },
    {
      key: 'detail',
      labelKey: 'tickets.manager.detail',
      icon: <OpenInNew fontSize="small" />,
      run: (ticket, { navigate }) => navigate(adminTicketDetailRoute(ticket.id)),
    },
    {
      key: 'edit',
      labelKey: 'tickets.manager.edit',
      icon: <EditOutlined fontSize="small" />,
      access: { action: 'AdminUpdate' },
      Dialog: TicketStatusDialog,
    },
  ],
};

export default ticketManagerTable;
