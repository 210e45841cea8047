import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import type { PartnerFormDto } from '../../../contract/forms';
import { list, type ScreenDeclaration } from '../../admin/screenDeclaration';

/**
 * A partner's own partner forms (/forms, API /partner-forms, glossary: partnerForms) and the page where a
 * section's answers are filled in (outside the layout).
 */
const ownPartnerForms: ScreenDeclaration<PartnerFormDto> = {
  name: 'forms',
  apiPath: 'partner-forms',
  permissionResource: 'PartnerForm',
  labelKey: 'app.nav.forms',
  icon: ListAltOutlined,
  access: list('PartnerForm'),
  routes: [
    { path: 'forms', view: () => import('./OwnPartnerFormListPage') },
    {
      path: 'forms/:partnerFormId/sections/:sectionId',
      titleKey: 'app.screens.formSection',
      view: () => import('./SectionFillerPage'),
      withoutLayout: true,
    },
  ],
  navigation: { area: 'form-configuration', position: 10 },
  recordRepresentation: (partnerForm) => partnerForm.formName,
};

export default ownPartnerForms;
