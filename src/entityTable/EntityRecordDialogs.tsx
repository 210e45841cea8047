import { useState } from 'react';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useDelete, useGetOne, useNotify, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { ConfirmDialog, CONFIRM_DIALOG_WIDTH } from './ConfirmDialog';
import { EntityFormDialog } from './EntityFormDialog';
import type { EntityResource, FormMode } from './types';

interface EntityRecordDialogsProps<T extends RaRecord> {
  resource: EntityResource<T>;
  creating: boolean;
  editId?: string;
  mayUpdate: boolean;
  /** The permissions are still loading: an edit address waits rather than saying "not allowed". */
  accessPending: boolean;
  onCloseCreate: () => void;
  onCloseEdit: () => void;
  onSaved: () => void;
  onBackToList: () => void;
}

/** The add dialog, and the edit dialog of the row in the address, read fresh with GET /{res}/{id}. */
export function EntityRecordDialogs<T extends RaRecord>({
  resource,
  creating,
  editId,
  mayUpdate,
  accessPending,
  onCloseCreate,
  onCloseEdit,
  onSaved,
  onBackToList,
}: EntityRecordDialogsProps<T>) {
  const notify = useNotify();
  const saved = (mode: FormMode, close: () => void) => {
    // A create answers 201 and the HTTP client shows the server's message; an update answers 200, silently.
    if (mode === 'edit') notify('admin.table.saved', { type: 'success' });
    close();
    onSaved();
  };
  return (
    <>
      {creating && resource.form && (
        <EntityFormDialog resource={resource} mode="create" onClose={onCloseCreate} onSaved={(mode) => saved(mode, onCloseCreate)} />
      )}
      {editId !== undefined && (
        <EditRecord
          resource={resource}
          id={editId}
          mayUpdate={mayUpdate}
          accessPending={accessPending}
          onClose={onCloseEdit}
          onSaved={(mode) => saved(mode, onCloseEdit)}
          onBackToList={onBackToList}
        />
      )}
    </>
  );
}

interface EditRecordProps<T extends RaRecord> {
  resource: EntityResource<T>;
  id: string;
  mayUpdate: boolean;
  accessPending: boolean;
  onClose: () => void;
  onSaved: (mode: FormMode) => void;
  onBackToList: () => void;
}

function EditRecord<T extends RaRecord>({ resource, id, mayUpdate, accessPending, onClose, onSaved, onBackToList }: EditRecordProps<T>) {
  const translate = useTranslate();
  const { data, isPending, error } = useGetOne<T>(resource.name, { id }, { retry: false, enabled: mayUpdate, gcTime: 0 });
  if (!mayUpdate && !accessPending) return <UnreachableRecordDialog reason="denied" onBack={onBackToList} />;
  if (error) return <UnreachableRecordDialog reason="notFound" onBack={onBackToList} />;
  if (isPending || !data) {
    return (
      <Dialog open data-testid="entity-form-loading" onClose={onClose}>
        <DialogContent sx={{ p: 4 }}>
          <CircularProgress aria-label={translate('app.loading')} />
        </DialogContent>
      </Dialog>
    );
  }
  return <EntityFormDialog resource={resource} mode="edit" record={data} onClose={onClose} onSaved={onSaved} />;
}

/**
 * An address naming a row the user cannot reach: unknown, deleted, another partner's (the API answers 404
 * and does not tell which), or one they may not edit.
 */
function UnreachableRecordDialog({ reason, onBack }: { reason: 'notFound' | 'denied'; onBack: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog
      open
      onClose={onBack}
      data-testid={reason === 'notFound' ? 'entity-not-found' : 'entity-denied'}
      slotProps={{ paper: { sx: { width: CONFIRM_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <SearchOffOutlined color="error" />
        {translate(reason === 'notFound' ? 'admin.table.notFoundTitle' : 'admin.table.deniedTitle')}
      </DialogTitle>
      <DialogContent>
        <Typography>{translate(reason === 'notFound' ? 'admin.table.notFoundBody' : 'admin.table.deniedBody')}</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onBack} data-testid="entity-back-to-list">
          {translate('admin.table.backToList')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Asks before deleting one row; a partner is only marked deleted (it stays for the picker and the audit). */
export function DeleteRowDialog<T extends RaRecord>({
  resource,
  row,
  onClose,
  onDeleted,
}: {
  resource: EntityResource<T>;
  row: T;
  onClose: () => void;
  onDeleted: (id: Identifier) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [deleteOne] = useDelete<T>();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteOne(resource.name, { id: row.id, previousData: row }, { returnPromise: true });
      notify('admin.table.deleted', { type: 'success' });
      onDeleted(row.id);
      onClose();
    } catch {
      // The HTTP client has shown why; the dialog stays for another try or Cancel.
      setBusy(false);
    }
  };
  const name = translate(resource.nameKey, { smart_count: 1 });
  return (
    <ConfirmDialog
      open
      title={translate('admin.table.deleteTitle', { name })}
      confirmColor="error"
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void confirm()}
      testId="delete-dialog"
    >
      <Typography>{translate('admin.table.deleteBody', { name, title: resource.recordTitle(row) })}</Typography>
    </ConfirmDialog>
  );
}
