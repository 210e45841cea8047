import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { ScreenDeclaration } from '../../admin/screenDeclaration';

/**
 * Form definitions (/form-config and a definition's editor /form-config/{formId}, API /forms, glossary:
 * formDefinitions): placeholders until the forms issue. Both need Form.Configure, as the menu item does.
 */
const formDefinitions: ScreenDeclaration = {
  name: 'form-config',
  apiPath: 'forms',
  permissionResource: 'Form',
  labelKey: 'app.nav.formConfig',
  icon: TuneOutlined,
  access: { resource: 'Form', action: 'Configure' },
  routes: [
    { path: 'form-config', view: 'placeholder' },
    { path: 'form-config/:formId', titleKey: 'app.screens.formDetail', view: 'placeholder' },
  ],
  navigation: { area: 'form-configuration', position: 20 },
};

export default formDefinitions;
