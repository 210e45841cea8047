import { partnerSchema } from '../../../contract/schemas/partners';
import type { PartnerDto } from '../../../contract/partners';
import { declaredIdentity } from '../../admin/screenDeclaration';
import type { EntityResource } from '../../entityTable/types';
import partners from '.';
import { PartnerInputs } from './PartnerInputs';

/** Partners (specification sections 2, 3, 5): staff search, add, edit, delete (soft) and export them. */
const partnerTable: EntityResource<PartnerDto> = {
  ...declaredIdentity(partners),
  titleKey: 'app.nav.partners',
  nameKey: 'admin.partners.name',
  descriptionKey: 'admin.partners.description',
  emptyTitleKey: 'admin.empty.partners',
  defaultSort: { field: 'name', order: 'ASC' },
  keywordSearch: true,
  filters: [
    { kind: 'text', source: 'name', labelKey: 'admin.partners.fields.name' },
    { kind: 'text', source: 'phone', labelKey: 'admin.partners.fields.phone' },
  ],
  columns: [
    { source: 'name', labelKey: 'admin.partners.fields.name', sortable: true, maxWidth: 260, card: 'title' },
    { source: 'email', labelKey: 'admin.partners.fields.email', sortable: true, maxWidth: 240, card: 'fact' },
    { source: 'type', labelKey: 'admin.partners.fields.type', sortable: true, hideOnMobile: true, card: 'fact' },
    { source: 'phone', labelKey: 'admin.partners.fields.phone', sortable: true, card: 'fact' },
    { source: 'address', labelKey: 'admin.partners.fields.address', hideOnMobile: true, maxWidth: 280 },
  ],
  form: { Inputs: PartnerInputs, schema: partnerSchema, width: 'md' },
  exportable: true,
  canSelect: (partner) => !partner.deleted,
};

export default partnerTable;
