import { validationRulesDeclaration } from '../../../contract/resources/validationRules';
import { validationRuleSchema } from '../../../contract/schemas/validationRules';
import { declaredEntity } from '../../entityTable/declaredEntity';
import { ValidationRuleInputs } from './ValidationRuleInputs';

/** Validation rules (DESIGN.md "Forms"): the declared table, with its own inputs (a live "try it" box). */
export default declaredEntity(validationRulesDeclaration, { form: { Inputs: ValidationRuleInputs, schema: validationRuleSchema, width: 'md' } });
