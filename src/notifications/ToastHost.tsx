import { useSyncExternalStore } from 'react';
import Stack from '@mui/material/Stack';
import { useTranslateMessage } from '../i18n/translateMessage';
import { DraggableToast } from './DraggableToast';
import { toastStore } from './toastStore';

/** Renders the toasts bottom-right; mounted once at the top, so sign-in pages and the admin share it. */
export function ToastHost() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  const translate = useTranslateMessage();
  if (toasts.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="toasts" sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: (theme) => theme.zIndex.snackbar, alignItems: 'flex-end' }}>
      {toasts.map((toast) => (
        <DraggableToast key={toast.id} toast={toast} closeLabel={translate('app.toast.close')} />
      ))}
    </Stack>
  );
}
