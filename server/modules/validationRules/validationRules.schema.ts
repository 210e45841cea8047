import { validationRulesDeclaration } from '../../../contract/resources/validationRules';
import { declaredTable } from '../../core/declared/table';

/** Validation rules of text answers: the table contract/resources/validationRules.ts declares (soft-deleted, so published versions keep their copies' origin). */
export const validationRules = declaredTable(validationRulesDeclaration);
