import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import type { PartnerFormDto } from '../../../contract/forms';
import { list, type ScreenDeclaration } from '../../admin/screenDeclaration';

/**
 * A partner's own partner forms (/forms, API /partner-forms, glossary: partnerForms) and the page where a
 * section's answers are filled in (outside the layout). Its name is no API name: `forms` is form definitions.
 */
const ownPartnerForms: ScreenDeclaration<PartnerFormDto> = {
  name: 'own-partner-forms',
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
  // A partner's own work, at the start of the menu: not under Form Configuration, which is staff's.
  navigation: { area: 'start', position: 20 },
  recordRepresentation: (partnerForm) => partnerForm.formName,
};

export default ownPartnerForms;
