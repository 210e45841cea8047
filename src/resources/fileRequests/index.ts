import RequestPageOutlined from '@mui/icons-material/RequestPageOutlined';
import type { ScreenDeclaration } from '../../admin/screenDeclaration';

/**
 * The file request page (/file-request/view, outside the layout, API /file-requests): a placeholder until
 * the files issue. Any signed-in user opens it (specification section 2); the API checks each request.
 */
const fileRequests: ScreenDeclaration = {
  name: 'file-requests',
  apiPath: 'file-requests',
  permissionResource: 'FileAccessRequest',
  labelKey: 'app.screens.fileRequest',
  icon: RequestPageOutlined,
  routes: [{ path: 'file-request/view', view: 'placeholder', withoutLayout: true }],
};

export default fileRequests;
