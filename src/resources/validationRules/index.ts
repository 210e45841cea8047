import RuleOutlined from '@mui/icons-material/RuleOutlined';
import { list, type ScreenDeclaration } from '../../admin/screenDeclaration';

/** Validation rules (/validation-rules, glossary: validationRules): a placeholder until the forms issue. */
const validationRules: ScreenDeclaration = {
  name: 'validation-rules',
  apiPath: 'validation-rules',
  permissionResource: 'ValidationRules',
  labelKey: 'app.nav.validationRules',
  icon: RuleOutlined,
  access: list('ValidationRules'),
  routes: [{ path: 'validation-rules', view: 'placeholder' }],
  navigation: { area: 'form-configuration', position: 30 },
};

export default validationRules;
