/** Staff's /accessible-files: tabs file request access, file manager, file accessible type (helper D). */
export default function StaffFileAccessPage() {
  return null;
}
