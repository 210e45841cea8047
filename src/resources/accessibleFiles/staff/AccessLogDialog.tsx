import Box from '@mui/material/Box';
import { useListController, useTranslate } from 'react-admin';
import type { FileAccessLogDto, ManagedFileDto } from '../../../../contract/files';
import { DEFAULT_PAGE_SIZE } from '../../../../contract/http';
import { ExportProgressDialog } from '../../../entityTable/ExportProgressDialog';
import type { EntityColumn } from '../../../entityTable/types';
import { useCsvExport } from '../../../entityTable/useCsvExport';
import { useDateTimeFormat } from '../../tickets/useDateTimeFormat';
import { PartnerPicker } from '../../partners/PartnerPicker';
import { StaffDialog } from './StaffDialog';
import { StaffListCard } from './StaffListCard';

function When({ at }: { at: string }) {
  const when = useDateTimeFormat();
  return <>{when(at)}</>;
}

function Kind({ row }: { row: FileAccessLogDto }) {
  const translate = useTranslate();
  return (
    <>
      {translate(`fileManager.log.kind.${row.kind}`)}
      {row.grantId === null && (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}>
          {translate('fileManager.log.staffDownload')}
        </Box>
      )}
    </>
  );
}

const columnsFor = (withFile: boolean): EntityColumn<FileAccessLogDto>[] => [
  { source: 'at', labelKey: 'fileManager.log.fields.at', sortable: true, render: (row) => <When at={row.at} /> },
  { source: 'userName', labelKey: 'fileManager.log.fields.user', maxWidth: 200 },
  { source: 'partnerName', labelKey: 'fileManager.log.fields.partner', maxWidth: 200 },
  ...(withFile ? [{ source: 'fileName', labelKey: 'fileManager.log.fields.file', maxWidth: 220 }] : []),
  { source: 'kind', labelKey: 'fileManager.log.fields.kind', render: (row) => <Kind row={row} /> },
  { source: 'grantId', labelKey: 'fileManager.log.fields.grant', hideOnMobile: true, maxWidth: 120, render: (row) => row.grantId?.slice(0, 8) ?? '—' },
  { source: 'address', labelKey: 'fileManager.log.fields.address', hideOnMobile: true },
  { source: 'client', labelKey: 'fileManager.log.fields.client', hideOnMobile: true, maxWidth: 240 },
];

/**
 * The access log: who opened or downloaded, when, through which grant, from which address and client. Of one file
 * when given, else of every file; filtered by partner; exported as CSV with the same filters.
 */
export function AccessLogDialog({ file, onClose }: { file?: Pick<ManagedFileDto, 'id' | 'fileName'>; onClose: () => void }) {
  const translate = useTranslate();
  const list = useListController<FileAccessLogDto>({
    resource: 'file-access-log',
    perPage: DEFAULT_PAGE_SIZE,
    sort: { field: 'at', order: 'DESC' },
    filter: file ? { fileId: file.id } : {},
    disableSyncWithLocation: true,
    // The page is gated by AccessibleFile.AdminView and the server checks each search: these API resources have no screen of their own.
    disableAuthentication: true,
    storeKey: false,
    // A counted visit or download is announced as a change of its file.
    queryOptions: { meta: { liveResource: 'files' } },
  });
  const csv = useCsvExport('file-access-log');
  const partnerId = typeof list.filterValues.partnerId === 'string' ? list.filterValues.partnerId : null;
  const exportFilter = { ...(file ? { fileId: file.id } : {}), ...(partnerId ? { partnerId } : {}) };
  return (
    <StaffDialog
      title={file ? translate('fileManager.log.titleOf', { name: file.fileName }) : translate('fileManager.log.title')}
      onClose={onClose}
      width={1000}
      testId="access-log-dialog"
    >
      <Box sx={{ mb: 2, maxWidth: 360 }}>
        <PartnerPicker
          label={translate('fileManager.log.partner')}
          value={partnerId}
          onChange={(id) => list.setFilters(id ? { partnerId: id } : {}, undefined, false)}
          size="small"
        />
      </Box>
      <StaffListCard<FileAccessLogDto>
        list={list}
        columns={columnsFor(!file)}
        keyword={false}
        renderActions={() => null}
        rowTitle={(row) => `${row.userName} · ${row.fileName}`}
        onExport={() => void csv.start({ filter: exportFilter })}
        exporting={csv.running}
        testId="access-log-list"
      />
      <ExportProgressDialog open={csv.showProgress} progress={csv.progress} onCancel={csv.cancel} />
    </StaffDialog>
  );
}
