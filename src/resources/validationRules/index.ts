import RuleOutlined from '@mui/icons-material/RuleOutlined';
import type { ValidationRuleDto } from '../../../contract/forms';
import { list, type ScreenDeclaration } from '../../admin/screenDeclaration';

/** Validation rules (/validation-rules, glossary: validationRules): staff write the rules text answers are checked by. */
const validationRules: ScreenDeclaration<ValidationRuleDto> = {
  name: 'validation-rules',
  apiPath: 'validation-rules',
  permissionResource: 'ValidationRules',
  labelKey: 'app.nav.validationRules',
  icon: RuleOutlined,
  access: list('ValidationRules'),
  routes: [{ path: 'validation-rules/:id?', view: 'entity' }],
  navigation: { area: 'form-configuration', position: 30 },
  recordRepresentation: (rule) => rule.name,
  entity: () => import('./validationRuleTable'),
};

export default validationRules;
