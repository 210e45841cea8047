import { useState } from 'react';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslate } from 'react-admin';
import { apiPaths } from '../../config/apiPaths';
import { showToast } from '../../notifications/toastStore';
import { apiDownload, ApiError, saveFile } from '../../providers/http';

/** GET /partner-forms/{id}/pdf with the session (so not a plain link), in the reader's language, saved under the server's name. */
export async function downloadPartnerFormPdf(id: string): Promise<void> {
  const { blob, fileName } = await apiDownload(`${apiPaths.resourceItem('partner-forms', id)}/pdf`, { accept: 'application/pdf' });
  saveFile(blob, fileName ?? 'partner-form.pdf');
}

/**
 * "Download PDF": the partner form as a document (its facts, every answer as read, staff's comments), for staff
 * on its page and for the partner on its own form. Busy while the server makes it; a refusal says why.
 */
export function PartnerFormPdfButton({ partnerFormId, size = 'small' }: { partnerFormId: string; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await downloadPartnerFormPdf(partnerFormId);
    } catch (error) {
      showToast('error', error instanceof ApiError ? error.message : translate('partnerForms.pdf.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size={size}
      // Busy, not disabled: a disabled button drops the keyboard's focus to the page.
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <PictureAsPdfOutlined />}
      aria-busy={busy}
      onClick={() => void download()}
      data-testid="partner-form-pdf"
      sx={{ flexShrink: 0 }}
    >
      {translate('partnerForms.pdf.download')}
    </Button>
  );
}
