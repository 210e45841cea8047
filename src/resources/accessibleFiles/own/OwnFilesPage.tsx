/** A partner's /accessible-files: the files they may open now, and requests (helper E). */
export default function OwnFilesPage() {
  return null;
}
