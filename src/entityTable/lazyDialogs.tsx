import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import type { RaRecord } from 'react-admin';
import type { DeleteRowDialog as DeleteRowDialogNow, EntityRecordDialogs as EntityRecordDialogsNow } from './EntityRecordDialogs';
import type { ConfirmDialog as ConfirmDialogNow } from './ConfirmDialog';
import type { ExportProgressDialog as ExportProgressDialogNow } from './ExportProgressDialog';

/*
 * The entity table's dialogs, fetched the first time one opens rather than with the table: a list's first paint
 * needs none of them, and on a slow link their code (forms, create and update hooks) would delay the rows.
 * Each renders nothing while it is closed.
 */
const recordDialogs = () => import('./EntityRecordDialogs');
const RecordDialogs = lazy(() => recordDialogs().then((module) => ({ default: module.EntityRecordDialogs })));
const RowDelete = lazy(() => recordDialogs().then((module) => ({ default: module.DeleteRowDialog })));
const confirmDialog = () => import('./ConfirmDialog');
const Confirm = lazy(() => confirmDialog().then((module) => ({ default: module.ConfirmDialog })));
const exportProgressDialog = () => import('./ExportProgressDialog');
const csvExport = () => import('./csvExport');
const ExportProgress = lazy(() => exportProgressDialog().then((module) => ({ default: module.ExportProgressDialog })));

/**
 * The add and edit dialogs. Once `prefetch` turns true (the rows are on screen), every dialog's code is fetched, so
 * a click later opens its dialog at once instead of waiting for the link.
 */
export function EntityRecordDialogs<T extends RaRecord>({ prefetch, ...props }: ComponentProps<typeof EntityRecordDialogsNow<T>> & { prefetch: boolean }) {
  useEffect(() => {
    if (prefetch) for (const load of [recordDialogs, confirmDialog, exportProgressDialog, csvExport]) void load().catch(() => undefined);
  }, [prefetch]);
  if (!props.creating && props.editId === undefined) return null;
  return (
    <Suspense fallback={null}>
      <RecordDialogs {...(props as unknown as ComponentProps<typeof EntityRecordDialogsNow>)} />
    </Suspense>
  );
}

export function DeleteRowDialog<T extends RaRecord>(props: ComponentProps<typeof DeleteRowDialogNow<T>>) {
  return (
    <Suspense fallback={null}>
      <RowDelete {...(props as unknown as ComponentProps<typeof DeleteRowDialogNow>)} />
    </Suspense>
  );
}

export function ConfirmDialog(props: ComponentProps<typeof ConfirmDialogNow>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Confirm {...props} />
    </Suspense>
  );
}

export function ExportProgressDialog(props: ComponentProps<typeof ExportProgressDialogNow>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ExportProgress {...props} />
    </Suspense>
  );
}
