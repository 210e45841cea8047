import { usePermissions } from 'react-admin';
import { canAccessWith } from '../../../contract/permissions';
import OwnFilesPage from './own/OwnFilesPage';
import StaffFileAccessPage from './staff/StaffFileAccessPage';

/** Staff administering file access (AccessibleFile.AdminView) get the three tabs; everyone else the files they may open now. */
export default function AccessibleFilesPage() {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return null;
  return canAccessWith(permissions ?? [], { resource: 'AccessibleFile', action: 'AdminView' }) ? <StaffFileAccessPage /> : <OwnFilesPage />;
}
