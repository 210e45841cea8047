import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreTimeOutlined from '@mui/icons-material/MoreTimeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useListController, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { GRANT_CONDITION_TYPES, GRANT_STATES, type FileGrantDto, type ManagedFileDto } from '../../../../contract/files';
import { DEFAULT_PAGE_SIZE } from '../../../../contract/http';
import { ConfirmDialog } from '../../../entityTable/ConfirmDialog';
import { RowActionMenu, type RowMenuItem } from '../../../entityTable/RowActionMenu';
import type { EntityColumn, EntityFilter, FilterInputProps } from '../../../entityTable/types';
import { useResourceAccess } from '../../../entityTable/useResourceAccess';
import { ApiError } from '../../../providers/http';
import { PartnerFilterInput } from '../../partners/PartnerFilterInput';
import { extendGrant, revokeGrant } from './fileManagerApi';
import { GrantDialog } from './GrantDialog';
import { GrantStateChip } from './GrantStateChip';
import { grantDateFormat, grantInWords } from './grantWords';
import { RecordPicker } from './RecordPicker';
import { StaffListCard } from './StaffListCard';

/** The grant in words (on a phone, the card shows the state column's chip under it: the one chip). */
function GrantSentence({ grant }: { grant: FileGrantDto }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: 180 }}>
      <span data-testid="grant-sentence">{grantInWords(grant, translate, grantDateFormat(locale))}</span>
    </Box>
  );
}

function FileFilterInput({ label, value, onChange }: FilterInputProps) {
  return (
    <RecordPicker<ManagedFileDto>
      resource="files"
      label={label}
      value={typeof value === 'string' ? value : null}
      onChange={(id) => onChange(id ?? undefined)}
      optionLabel={(file) => file.fileName}
      size="small"
      testId="grant-filter-file"
    />
  );
}

const columns: EntityColumn<FileGrantDto>[] = [
  {
    source: 'fileName',
    labelKey: 'fileManager.grants.fields.sentence',
    sortable: true,
    maxWidth: 420,
    render: (row) => <GrantSentence grant={row} />,
    card: 'title',
  },
  { source: 'state', labelKey: 'fileManager.grants.fields.state', hideOnMobile: true, render: (row) => <GrantStateChip state={row.state} />, card: 'status' },
  { source: 'note', labelKey: 'fileManager.grants.fields.note', hideOnMobile: true, maxWidth: 220, card: 'fact' },
];

const filters: EntityFilter[] = [
  { kind: 'custom', source: 'fileId', labelKey: 'fileManager.grants.fields.file', Input: FileFilterInput },
  { kind: 'custom', source: 'partnerId', labelKey: 'fileManager.requests.fields.partner', Input: PartnerFilterInput },
  {
    kind: 'select',
    source: 'conditionType',
    labelKey: 'fileManager.grants.fields.conditionType',
    choices: GRANT_CONDITION_TYPES.map((type) => ({ value: type, labelKey: `fileManager.grants.conditionType.${type}` })),
  },
  {
    kind: 'select',
    source: 'state',
    labelKey: 'fileManager.grants.fields.state',
    choices: GRANT_STATES.map((state) => ({ value: state, labelKey: `fileManager.grants.state.${state}` })),
  },
];

type Editing = { grant?: FileGrantDto } | null;

/** File accessible type: every grant said in words with its state; add, edit, extend in one click, revoke. */
export function GrantsTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const { can } = useResourceAccess('AccessibleFile');
  const list = useListController<FileGrantDto>({
    resource: 'file-grants',
    perPage: DEFAULT_PAGE_SIZE,
    sort: { field: 'createdAt', order: 'DESC' },
    disableSyncWithLocation: true,
    // The page is gated by AccessibleFile.AdminView and the server checks each search: these API resources have no screen of their own.
    disableAuthentication: true,
    storeKey: 'file-grants.staff',
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [revoking, setRevoking] = useState<FileGrantDto | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = () => void list.refetch({ cancelRefetch: false });

  const extend = async (grant: FileGrantDto) => {
    try {
      const extended = await extendGrant(grant.id);
      notify('fileManager.grants.extended', { type: 'success', messageArgs: { to: grantDateFormat(locale)(extended.to) } });
      reload();
    } catch (error) {
      notify(error instanceof ApiError ? error.message : 'fileManager.failed', { type: 'error' });
    }
  };

  const revoke = async (grant: FileGrantDto) => {
    setBusy(true);
    try {
      await revokeGrant(grant.id);
      notify('fileManager.grants.revoked', { type: 'success' });
      setRevoking(null);
      reload();
    } catch (error) {
      notify(error instanceof ApiError ? error.message : 'fileManager.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const menu = (row: FileGrantDto): RowMenuItem[] => {
    if (row.state === 'revoked') return [];
    return [
      ...(can({ action: 'Update' })
        ? [
            { key: 'extend', label: translate('fileManager.grants.extend'), icon: <MoreTimeOutlined fontSize="small" />, onSelect: () => void extend(row) },
            { key: 'edit', label: translate('fileManager.grants.edit'), icon: <EditOutlined fontSize="small" />, onSelect: () => setEditing({ grant: row }) },
          ]
        : []),
      ...(can({ action: 'Delete' })
        ? [
            {
              key: 'revoke',
              label: translate('fileManager.grants.revoke'),
              icon: <BlockOutlined fontSize="small" />,
              color: 'error' as const,
              onSelect: () => setRevoking(row),
            },
          ]
        : []),
    ];
  };

  return (
    <>
      <StaffListCard<FileGrantDto>
        list={list}
        columns={columns}
        filters={filters}
        renderActions={(row) => <RowActionMenu rowTitle={row.fileName} items={menu(row)} />}
        rowTitle={(row) => `${row.targetName} · ${row.fileName}`}
        actions={
          can({ action: 'Create' }) && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({})} data-testid="grant-add">
              {translate('fileManager.grants.add')}
            </Button>
          )
        }
        testId="file-grants-list"
      />
      {editing && <GrantDialog grant={editing.grant} onClose={() => setEditing(null)} onSaved={reload} />}
      <ConfirmDialog
        open={!!revoking}
        title={translate('fileManager.grants.revokeTitle')}
        confirmLabel={translate('fileManager.grants.revoke')}
        confirmColor="error"
        busy={busy}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && void revoke(revoking)}
        testId="revoke-grant-dialog"
      >
        {revoking && translate('fileManager.grants.revokeBody', { sentence: grantInWords(revoking, translate, grantDateFormat(locale)) })}
      </ConfirmDialog>
    </>
  );
}
