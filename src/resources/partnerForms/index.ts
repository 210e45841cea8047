import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import type { ScreenDeclaration } from '../../admin/screenDeclaration';

/** Partner forms of every partner (/partner-forms, glossary: partnerForms), for staff: a placeholder until the forms issue. */
const partnerForms: ScreenDeclaration = {
  name: 'partner-forms',
  apiPath: 'partner-forms',
  permissionResource: 'PartnerForm',
  labelKey: 'app.nav.partnerForms',
  icon: AssignmentOutlined,
  access: { resource: 'PartnerForm', action: 'AdminView' },
  routes: [{ path: 'partner-forms', view: 'placeholder' }],
  navigation: { area: 'form-configuration', position: 40 },
};

export default partnerForms;
