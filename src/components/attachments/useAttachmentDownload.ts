import { useState } from 'react';
import { useTranslateMessage } from '../../i18n/translateMessage';
import { showToast } from '../../notifications/toastStore';
import { ApiError } from '../../providers/http';
import type { AttachmentRef } from './attachmentRules';

/** Downloads attachments one click at a time: which one is on its way, and a toast when it fails. */
export function useAttachmentDownload(downloadOne: (attachment: AttachmentRef) => Promise<void>) {
  const translate = useTranslateMessage();
  const [busyId, setBusyId] = useState<string | null>(null);
  const download = async (attachment: AttachmentRef) => {
    setBusyId(attachment.id);
    try {
      await downloadOne(attachment);
    } catch (error) {
      showToast('error', error instanceof ApiError ? error.message : translate('app.attachments.downloadFailed'));
    } finally {
      setBusyId(null);
    }
  };
  return { busyId, download };
}
