import { useState } from 'react';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useListController, useTranslate } from 'react-admin';
import { FILE_REQUEST_STATUSES, type FileRequestDto, type FileRequestStatus } from '../../../../contract/files';
import { DEFAULT_PAGE_SIZE } from '../../../../contract/http';
import { OneLineText } from '../../../entityTable/OneLineText';
import { RowActionMenu, type RowMenuItem } from '../../../entityTable/RowActionMenu';
import type { EntityColumn, EntityFilter } from '../../../entityTable/types';
import { useResourceAccess } from '../../../entityTable/useResourceAccess';
import { useDateTimeFormat } from '../../tickets/useDateTimeFormat';
import { PartnerFilterInput } from '../../partners/PartnerFilterInput';
import { ApproveRequestDialog, RejectRequestDialog } from './RequestDecisionDialogs';
import { StaffListCard } from './StaffListCard';

const STATUS_COLOURS: Record<FileRequestStatus, 'warning' | 'success' | 'default'> = { PENDING: 'warning', APPROVED: 'success', REJECTED: 'default' };

function RequestStatusChip({ status }: { status: FileRequestStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOURS[status]}
      label={translate(`fileManager.requests.status.${status}`)}
      data-testid="request-status"
    />
  );
}

function AskedFile({ row }: { row: FileRequestDto }) {
  const translate = useTranslate();
  return <OneLineText text={row.fileId ? (row.fileName ?? '—') : translate('fileManager.requests.freeText', { text: row.requestText })} />;
}

/** Who decided and when, then the decision's note, on one line (whole in a tooltip; wrapped on a phone's card). */
function Decision({ row }: { row: FileRequestDto }) {
  const when = useDateTimeFormat();
  const translate = useTranslate();
  if (!row.decidedAt) return <>—</>;
  const decided = translate('fileManager.requests.decidedBy', { name: row.decidedByName ?? '', when: when(row.decidedAt) });
  return (
    <OneLineText text={row.decisionNote ? `${decided} · ${row.decisionNote}` : decided}>
      {decided}
      {row.decisionNote && (
        <Box component="span" sx={{ color: 'text.secondary' }} data-testid="request-decision-note">
          {' · '}
          {row.decisionNote}
        </Box>
      )}
    </OneLineText>
  );
}

function CreatedAt({ row }: { row: FileRequestDto }) {
  const when = useDateTimeFormat();
  return <>{when(row.createdAt)}</>;
}

const columns: EntityColumn<FileRequestDto>[] = [
  { source: 'requestedByName', labelKey: 'fileManager.requests.fields.requester', maxWidth: 200, hideOnMobile: true, card: 'fact' },
  { source: 'partnerName', labelKey: 'fileManager.requests.fields.partner', maxWidth: 200, card: 'fact' },
  {
    source: 'fileName',
    labelKey: 'fileManager.requests.fields.file',
    maxWidth: 280,
    hideOnMobile: true,
    render: (row) => <AskedFile row={row} />,
    card: 'title',
  },
  { source: 'reason', labelKey: 'fileManager.requests.fields.reason', maxWidth: 280, hideOnMobile: true, card: 'fact' },
  {
    source: 'status',
    labelKey: 'fileManager.requests.fields.status',
    sortable: true,
    render: (row) => <RequestStatusChip status={row.status} />,
    card: 'status',
  },
  {
    source: 'createdAt',
    labelKey: 'fileManager.requests.fields.createdAt',
    sortable: true,
    hideOnMobile: true,
    render: (row) => <CreatedAt row={row} />,
    card: 'fact',
  },
  {
    source: 'decidedAt',
    labelKey: 'fileManager.requests.fields.decidedAt',
    maxWidth: 260,
    hideOnMobile: true,
    render: (row) => <Decision row={row} />,
    card: 'fact',
  },
];

const filters: EntityFilter[] = [
  {
    kind: 'select',
    source: 'status',
    labelKey: 'fileManager.requests.fields.status',
    choices: FILE_REQUEST_STATUSES.map((status) => ({ value: status, labelKey: `fileManager.requests.status.${status}` })),
  },
  { kind: 'custom', source: 'partnerId', labelKey: 'fileManager.requests.fields.partner', Input: PartnerFilterInput },
];

type Deciding = { kind: 'approve' | 'reject'; request: FileRequestDto } | null;

/** File request access: every partner's requests, pending first by date; approve (creating a grant) or reject. */
export function RequestsTab() {
  const translate = useTranslate();
  const { can } = useResourceAccess('FileAccessRequest');
  const list = useListController<FileRequestDto>({
    resource: 'file-requests',
    perPage: DEFAULT_PAGE_SIZE,
    sort: { field: 'createdAt', order: 'DESC' },
    disableSyncWithLocation: true,
    // The page is gated by AccessibleFile.AdminView and the server checks each search: these API resources have no screen of their own.
    disableAuthentication: true,
    storeKey: 'file-requests.staff',
  });
  const [deciding, setDeciding] = useState<Deciding>(null);
  const mayDecide = can({ action: 'AdminUpdate' });

  const menu = (row: FileRequestDto): RowMenuItem[] =>
    mayDecide && row.status === 'PENDING'
      ? [
          {
            key: 'approve',
            label: translate('fileManager.requests.approve'),
            icon: <CheckCircleOutline fontSize="small" />,
            onSelect: () => setDeciding({ kind: 'approve', request: row }),
          },
          {
            key: 'reject',
            label: translate('fileManager.requests.reject'),
            icon: <HighlightOff fontSize="small" />,
            color: 'error',
            onSelect: () => setDeciding({ kind: 'reject', request: row }),
          },
        ]
      : [];

  const reload = () => void list.refetch({ cancelRefetch: false });
  const Dialog = deciding?.kind === 'approve' ? ApproveRequestDialog : RejectRequestDialog;
  return (
    <>
      <StaffListCard<FileRequestDto>
        list={list}
        columns={columns}
        filters={filters}
        renderActions={(row) => <RowActionMenu rowTitle={titleOf(row)} items={menu(row)} />}
        rowTitle={titleOf}
        testId="file-requests-list"
      />
      {deciding && <Dialog key={deciding.request.id} request={deciding.request} onClose={() => setDeciding(null)} onDecided={reload} />}
    </>
  );
}

const titleOf = (row: FileRequestDto) => `${row.requestedByName} · ${row.partnerName}`;
