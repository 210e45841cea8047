import FolderSharedOutlined from '@mui/icons-material/FolderSharedOutlined';
import type { ScreenDeclaration } from '../../admin/screenDeclaration';

/**
 * The file access manager (/accessible-files, API /files). Navigation needs AccessibleFile.View (specification
 * section 2); staff with AccessibleFile.AdminView get the three tabs, partners the files they may open now.
 */
const accessibleFiles: ScreenDeclaration = {
  name: 'accessible-files',
  apiPath: 'files',
  permissionResource: 'AccessibleFile',
  labelKey: 'app.nav.accessibleFiles',
  icon: FolderSharedOutlined,
  access: { resource: 'AccessibleFile', action: 'View' },
  routes: [{ path: 'accessible-files', view: () => import('./AccessibleFilesPage') }],
  navigation: { area: 'files-and-partners', position: 10 },
};

export default accessibleFiles;
