import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { FormDto } from '../../../contract/forms';
import type { ScreenDeclaration } from '../../admin/screenDeclaration';

/**
 * Form definitions (/form-config: the versions with their states; /form-config/{formId}: one version's
 * editor; API /forms, glossary: formDefinitions). Its name is the API's, so a stock `<Resource name="forms">` means the
 * same thing. Both need Form.Configure, as the menu item does.
 */
const formDefinitions: ScreenDeclaration<FormDto> = {
  name: 'forms',
  apiPath: 'forms',
  permissionResource: 'Form',
  labelKey: 'app.nav.formConfig',
  icon: TuneOutlined,
  access: { resource: 'Form', action: 'Configure' },
  routes: [
    { path: 'form-config', view: () => import('./FormDefinitionListPage') },
    { path: 'form-config/:formId', titleKey: 'app.screens.formDetail', view: () => import('./editor/FormEditorPage') },
  ],
  navigation: { area: 'form-configuration', position: 20 },
  recordRepresentation: (form) => form.name,
};

export default formDefinitions;
