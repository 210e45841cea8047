import { HELP_CATEGORY_NAME_MAX } from '../helpCenter';
import { defineResource, type DtoOf } from './declaration';
import { fields } from './fields';
import { none } from './scopes';

/** The help center's categories (issue 39): staff name each in English and Vietnamese and order them. */
export const helpCategoriesDeclaration = defineResource({
  name: 'help-categories',
  table: 'help_categories',
  permission: 'HelpCategories',
  scope: none(),
  fields: {
    nameEn: fields.text(HELP_CATEGORY_NAME_MAX, { required: true, search: true, card: 'title' }),
    nameVi: fields.text(HELP_CATEGORY_NAME_MAX, { required: true, search: true, card: 'fact' }),
    position: fields.integer({ required: true, min: 0, max: 10_000, card: 'fact' }),
  },
  defaultSort: 'position asc',
  titleField: 'nameEn',
  labels: { prefix: 'resources.help-categories' },
  grants: { Support: ['View', 'Search', 'Create', 'Update'] },
  screen: { navigation: { area: 'administration', position: 60 } },
});

export type HelpCategoryRecord = DtoOf<typeof helpCategoriesDeclaration>;
