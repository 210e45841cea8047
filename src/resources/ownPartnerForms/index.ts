import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import { list, type ScreenDeclaration } from '../../admin/screenDeclaration';

/**
 * A partner's own partner forms (/forms, API /partner-forms, glossary: partnerForms) and the page where
 * a section's answers are filled in (outside the layout): placeholders until the forms issue.
 */
const ownPartnerForms: ScreenDeclaration = {
  name: 'forms',
  apiPath: 'partner-forms',
  permissionResource: 'PartnerForm',
  labelKey: 'app.nav.forms',
  icon: ListAltOutlined,
  access: list('PartnerForm'),
  routes: [
    { path: 'forms', view: 'placeholder' },
    { path: 'forms/:partnerFormId/sections/:sectionId', titleKey: 'app.screens.formSection', view: 'placeholder', withoutLayout: true },
  ],
  navigation: { area: 'form-configuration', position: 10 },
};

export default ownPartnerForms;
