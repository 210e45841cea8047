import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { TicketAttachmentRef } from '../../../contract/tickets';
import { showToast } from '../../notifications/toastStore';
import { ApiError } from '../../providers/http';
import { downloadAttachment } from './ticketApi';

/** Downloads a ticket's attachments one click at a time: which one is on its way, and a toast when it fails. */
export function useAttachmentDownload(ticketId: string) {
  const translate = useTranslate();
  const [busyId, setBusyId] = useState<string | null>(null);
  const download = async (attachment: TicketAttachmentRef) => {
    setBusyId(attachment.id);
    try {
      await downloadAttachment(ticketId, attachment);
    } catch (error) {
      showToast('error', error instanceof ApiError ? error.message : translate('tickets.files.downloadFailed'));
    } finally {
      setBusyId(null);
    }
  };
  return { busyId, download };
}
