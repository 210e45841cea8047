import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import type { OnboardingRuleDto } from '../../../contract/forms';
import { list, type ScreenDeclaration } from '../../admin/screenDeclaration';

/** Next partner forms (/next-partner-forms, glossary: onboardingRules): the onboarding sequence's rules and what each partner gets next. */
const onboardingRules: ScreenDeclaration<OnboardingRuleDto> = {
  name: 'next-partner-forms',
  apiPath: 'next-partner-forms',
  permissionResource: 'NextPartnerForms',
  labelKey: 'app.nav.nextPartnerForms',
  icon: PlaylistAddCheckOutlined,
  access: list('NextPartnerForms'),
  routes: [{ path: 'next-partner-forms', view: () => import('./OnboardingRulesPage') }],
  navigation: { area: 'form-configuration', position: 50 },
  recordRepresentation: (rule) => rule.targetFormName,
};

export default onboardingRules;
