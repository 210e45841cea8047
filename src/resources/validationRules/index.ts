import { validationRulesDeclaration } from '../../../contract/resources/validationRules';
import { declaredScreen } from '../../admin/declaredScreen';

/** Validation rules (/validation-rules, glossary: validationRules): staff write the rules text answers are checked by. */
export default declaredScreen(validationRulesDeclaration, { entity: () => import('./validationRuleTable') });
