import { useState } from 'react';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FindInPageOutlined from '@mui/icons-material/FindInPageOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import { useListController, useNotify, useTranslate } from 'react-admin';
import type { ManagedFileDto } from '../../../../contract/files';
import { DEFAULT_PAGE_SIZE } from '../../../../contract/http';
import { formatBytes } from '../../../components/attachments/attachmentRules';
import { ConfirmDialog } from '../../../entityTable/ConfirmDialog';
import { RowActionMenu, type RowMenuItem } from '../../../entityTable/RowActionMenu';
import type { EntityColumn } from '../../../entityTable/types';
import { useResourceAccess } from '../../../entityTable/useResourceAccess';
import { ApiError } from '../../../providers/http';
import { useDateTimeFormat } from '../../tickets/useDateTimeFormat';
import { AccessLogDialog } from './AccessLogDialog';
import { deleteManagedFile, downloadManagedFile } from './fileManagerApi';
import { GrantDialog } from './GrantDialog';
import { RenameFileDialog } from './RenameFileDialog';
import { ReplaceContentDialog } from './ReplaceContentDialog';
import { StaffListCard } from './StaffListCard';
import { UploadFilesDialog } from './UploadFilesDialog';

function UpdatedAt({ row }: { row: ManagedFileDto }) {
  const when = useDateTimeFormat();
  return <>{when(row.updatedAt)}</>;
}

const columns: EntityColumn<ManagedFileDto>[] = [
  { source: 'fileName', labelKey: 'fileManager.files.fields.fileName', sortable: true, maxWidth: 260, card: 'title' },
  { source: 'contentType', labelKey: 'fileManager.files.fields.contentType', sortable: true, hideOnMobile: true, maxWidth: 180 },
  { source: 'size', labelKey: 'fileManager.files.fields.size', sortable: true, render: (row) => formatBytes(row.size), card: 'fact' },
  { source: 'uploadedByName', labelKey: 'fileManager.files.fields.uploader', hideOnMobile: true, maxWidth: 180 },
  { source: 'downloadCount', labelKey: 'fileManager.files.fields.downloadCount', sortable: true, card: 'fact' },
  { source: 'visitCount', labelKey: 'fileManager.files.fields.visitCount', sortable: true },
  { source: 'activeGrantCount', labelKey: 'fileManager.files.fields.activeGrants', hideOnMobile: true, card: 'fact' },
  { source: 'updatedAt', labelKey: 'fileManager.files.fields.updatedAt', sortable: true, hideOnMobile: true, render: (row) => <UpdatedAt row={row} /> },
];

type Open = { kind: 'upload' } | { kind: 'rename' | 'replace' | 'delete' | 'grant'; file: ManagedFileDto } | { kind: 'log'; file?: ManagedFileDto } | null;

/** File manager: upload many at once, rename, replace content, download, delete, read the access log, grant access. */
export function FilesTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const { can } = useResourceAccess('AccessibleFile');
  const list = useListController<ManagedFileDto>({
    resource: 'files',
    perPage: DEFAULT_PAGE_SIZE,
    sort: { field: 'createdAt', order: 'DESC' },
    disableSyncWithLocation: true,
    // The page is gated by AccessibleFile.AdminView and the server checks each search: these API resources have no screen of their own.
    disableAuthentication: true,
    storeKey: 'files.staff',
  });
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const close = () => setOpen(null);
  const reload = () => void list.refetch({ cancelRefetch: false });

  const download = async (file: ManagedFileDto) => {
    try {
      await downloadManagedFile(file);
    } catch (error) {
      notify(error instanceof ApiError ? error.message : 'fileManager.failed', { type: 'error' });
    }
  };

  const remove = async (file: ManagedFileDto) => {
    setBusy(true);
    try {
      await deleteManagedFile(file.id);
      notify('fileManager.files.deleted', { type: 'success' });
      close();
      reload();
    } catch (error) {
      notify(error instanceof ApiError ? error.message : 'fileManager.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const item = (key: string, icon: RowMenuItem['icon'], onSelect: () => void, color?: 'error'): RowMenuItem => ({
    key,
    label: translate(`fileManager.files.${key}`),
    icon,
    onSelect,
    color,
  });
  const menu = (file: ManagedFileDto): RowMenuItem[] => [
    item('download', <FileDownloadOutlined fontSize="small" />, () => void download(file)),
    item('accessLog', <FindInPageOutlined fontSize="small" />, () => setOpen({ kind: 'log', file })),
    ...(can({ action: 'Create' }) ? [item('grantAccess', <PersonAddAltOutlined fontSize="small" />, () => setOpen({ kind: 'grant', file }))] : []),
    ...(can({ action: 'Update' })
      ? [
          item('rename', <DriveFileRenameOutline fontSize="small" />, () => setOpen({ kind: 'rename', file })),
          item('replace', <SwapHorizOutlined fontSize="small" />, () => setOpen({ kind: 'replace', file })),
        ]
      : []),
    ...(can({ action: 'Delete' }) ? [item('delete', <DeleteOutline fontSize="small" />, () => setOpen({ kind: 'delete', file }), 'error')] : []),
  ];

  return (
    <>
      <StaffListCard<ManagedFileDto>
        list={list}
        columns={columns}
        renderActions={(row) => <RowActionMenu rowTitle={row.fileName} items={menu(row)} />}
        rowTitle={(row) => row.fileName}
        testId="managed-files-list"
        actions={
          <>
            <Button startIcon={<ManageSearchOutlined />} onClick={() => setOpen({ kind: 'log' })} data-testid="files-access-log">
              {translate('fileManager.log.title')}
            </Button>
            {can({ action: 'Create' }) && (
              <Button variant="contained" startIcon={<UploadFileOutlined />} onClick={() => setOpen({ kind: 'upload' })} data-testid="files-upload">
                {translate('fileManager.files.upload')}
              </Button>
            )}
          </>
        }
      />
      {open?.kind === 'upload' && <UploadFilesDialog onClose={close} onUploaded={reload} />}
      {open?.kind === 'rename' && <RenameFileDialog file={open.file} onClose={close} onRenamed={reload} />}
      {open?.kind === 'replace' && <ReplaceContentDialog file={open.file} onClose={close} onReplaced={reload} />}
      {open?.kind === 'grant' && <GrantDialog file={open.file} onClose={close} onSaved={reload} />}
      {open?.kind === 'log' && <AccessLogDialog file={open.file} onClose={close} />}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={open?.kind === 'delete' ? translate('fileManager.files.deleteTitle', { name: open.file.fileName }) : ''}
        confirmLabel={translate('fileManager.files.delete')}
        confirmColor="error"
        busy={busy}
        onCancel={close}
        onConfirm={() => open?.kind === 'delete' && void remove(open.file)}
        testId="delete-file-dialog"
      >
        {open?.kind === 'delete' && translate('fileManager.files.deleteBody', { smart_count: open.file.activeGrantCount })}
      </ConfirmDialog>
    </>
  );
}
