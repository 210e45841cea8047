import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import { list, type ScreenDeclaration } from '../../admin/screenDeclaration';

/** Next partner forms (/next-partner-forms, glossary: onboardingRules): a placeholder until the forms issue. */
const onboardingRules: ScreenDeclaration = {
  name: 'next-partner-forms',
  apiPath: 'next-partner-forms',
  permissionResource: 'NextPartnerForms',
  labelKey: 'app.nav.nextPartnerForms',
  icon: PlaylistAddCheckOutlined,
  access: list('NextPartnerForms'),
  routes: [{ path: 'next-partner-forms', view: 'placeholder' }],
  navigation: { area: 'form-configuration', position: 50 },
};

export default onboardingRules;
