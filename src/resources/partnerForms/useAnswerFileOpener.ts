import type { OpenAnswerFile } from '../../components/questions';
import { useAttachmentDownload } from '../../components/attachments/useAttachmentDownload';
import { downloadAnswerFile } from '../ownPartnerForms/partnerFormFillerApi';

/** Opens (downloads) a file answer of a partner form for staff, with a toast when it fails: the reading and the review alike. */
export function useAnswerFileOpener(partnerFormId: string): OpenAnswerFile {
  const { download } = useAttachmentDownload((file) => downloadAnswerFile(partnerFormId, { id: file.id, name: file.fileName, size: file.size, type: '' }));
  return (file) => void download({ id: file.id, fileName: file.name, size: file.size });
}
