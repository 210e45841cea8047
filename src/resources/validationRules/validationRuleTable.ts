import type { ValidationRuleDto } from '../../../contract/forms';
import { validationRuleSchema } from '../../../contract/schemas/validationRules';
import { declaredIdentity } from '../../admin/screenDeclaration';
import type { EntityResource } from '../../entityTable/types';
import validationRules from '.';
import { ValidationRuleInputs } from './ValidationRuleInputs';

const field = (name: string) => `validationRules.fields.${name}`;

/** Validation rules (DESIGN.md "Forms"): search, add, edit (with a live "try it" box), delete and export. */
const validationRuleTable: EntityResource<ValidationRuleDto> = {
  ...declaredIdentity(validationRules),
  titleKey: 'app.nav.validationRules',
  nameKey: 'validationRules.name',
  descriptionKey: 'validationRules.description',
  emptyTitleKey: 'admin.empty.validationRules',
  defaultSort: { field: 'name', order: 'ASC' },
  keywordSearch: true,
  columns: [
    { source: 'name', labelKey: field('name'), sortable: true, maxWidth: 220, card: 'title' },
    { source: 'suggestText', labelKey: field('suggestText'), hideOnMobile: true, maxWidth: 240, card: 'fact' },
    { source: 'errorText', labelKey: field('errorText'), hideOnMobile: true, maxWidth: 240 },
    { source: 'minLength', labelKey: field('minLength'), sortable: true, card: 'fact' },
    { source: 'maxLength', labelKey: field('maxLength'), sortable: true, card: 'fact' },
    { source: 'regex', labelKey: field('regex'), hideOnMobile: true, maxWidth: 200, render: (rule) => rule.regex ?? '' },
  ],
  form: { Inputs: ValidationRuleInputs, schema: validationRuleSchema, width: 'md' },
  exportable: true,
};

export default validationRuleTable;
