import RequestPageOutlined from '@mui/icons-material/RequestPageOutlined';
import type { ScreenDeclaration } from '../../admin/screenDeclaration';

/**
 * The file page (/file-request/view?token=…, outside the layout): the file a signed link opens, or why it
 * opens none. Any signed-in user opens it (specification section 2); the API checks each link. API /file-requests
 * holds the partners' requests for files.
 */
const fileRequests: ScreenDeclaration = {
  name: 'file-requests',
  apiPath: 'file-requests',
  permissionResource: 'FileAccessRequest',
  labelKey: 'app.screens.fileRequest',
  icon: RequestPageOutlined,
  routes: [{ path: 'file-request/view', view: () => import('./FileLinkPage'), withoutLayout: true }],
};

export default fileRequests;
