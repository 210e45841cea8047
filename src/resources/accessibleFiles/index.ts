import FolderSharedOutlined from '@mui/icons-material/FolderSharedOutlined';
import type { ScreenDeclaration } from '../../admin/screenDeclaration';

/**
 * The file access manager (/accessible-files, API /files): a placeholder until the files issue. It needs
 * AccessibleFile.View, as its menu item does (specification section 2).
 */
const accessibleFiles: ScreenDeclaration = {
  name: 'accessible-files',
  apiPath: 'files',
  permissionResource: 'AccessibleFile',
  labelKey: 'app.nav.accessibleFiles',
  icon: FolderSharedOutlined,
  access: { resource: 'AccessibleFile', action: 'View' },
  routes: [{ path: 'accessible-files', view: 'placeholder' }],
  navigation: { area: 'files-and-partners', position: 10 },
};

export default accessibleFiles;
