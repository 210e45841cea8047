import type * as yup from 'yup';
import { inputSchemaOf } from '../resources/schemas';
import { validationRulesDeclaration } from '../resources/validationRules';

/** A validation rule's input (DESIGN.md "Forms"), as contract/resources/validationRules.ts declares it. */
export const validationRuleSchema = inputSchemaOf(validationRulesDeclaration);

export type ValidationRuleInput = yup.InferType<typeof validationRuleSchema>;
