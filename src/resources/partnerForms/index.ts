import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import type { PartnerFormDto } from '../../../contract/forms';
import type { ScreenDeclaration } from '../../admin/screenDeclaration';

/**
 * Partner forms of every partner for staff (/partner-forms, glossary: partnerForms): the list with assign,
 * export and the status and version actions, and one partner form read section by section (/partner-forms/{id}).
 */
const partnerForms: ScreenDeclaration<PartnerFormDto> = {
  name: 'partner-forms',
  apiPath: 'partner-forms',
  permissionResource: 'PartnerForm',
  labelKey: 'app.nav.partnerForms',
  icon: AssignmentOutlined,
  access: { resource: 'PartnerForm', action: 'AdminView' },
  routes: [
    { path: 'partner-forms', view: () => import('./PartnerFormListPage') },
    { path: 'partner-forms/:id', titleKey: 'partnerForms.detail.title', view: () => import('./PartnerFormDetailPage') },
    { path: 'partner-forms/:id/files/:fileId', titleKey: 'partnerForms.file.title', view: () => import('./PartnerFormFilePage') },
  ],
  navigation: { area: 'form-configuration', position: 40 },
  recordRepresentation: (row) => `${row.partnerName} · ${row.formName}`,
};

export default partnerForms;
