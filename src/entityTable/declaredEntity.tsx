import { ReferenceField, useTranslate, type RaRecord } from 'react-admin';
import type { Resource } from '../../contract/permissions';
import {
  crudRoutesOf,
  fieldEntries,
  filterFieldsOf,
  labelKeysOf,
  listedFieldsOf,
  searchFieldsOf,
  type ResourceDeclaration,
} from '../../contract/resources/declaration';
import { isSortable, type FieldDeclaration } from '../../contract/resources/fields';
import { inputSchemaOf } from '../../contract/resources/schemas';
import { partnerFieldOf } from '../../contract/resources/scopes';
import { PartnerFilterInput } from '../resources/partners/PartnerFilterInput';
import { declaredInputs } from './DeclaredInputs';
import type { EntityColumn, EntityFilter, EntityResource } from './types';

type Row = RaRecord & Record<string, unknown>;

function EnumValue({ labelKey }: { labelKey: string }) {
  return <>{useTranslate()(labelKey)}</>;
}

const isText = (f: FieldDeclaration) => f.type === 'text' || f.type === 'email' || f.type === 'phone' || f.type === 'url';

/** A reference column or input applies to staff only when it names the partner of a partner's own rows. */
const staffOnly = (d: ResourceDeclaration, name: string) => partnerFieldOf(d.scope) === name;

function columnOf(d: ResourceDeclaration, name: string, f: FieldDeclaration): EntityColumn<Row> {
  const keys = labelKeysOf(d);
  const column: EntityColumn<Row> = { source: name, labelKey: keys.field(name), sortable: isSortable(f) };
  if (f.hideOnMobile) column.hideOnMobile = true;
  if (f.card) column.card = f.card;
  if (staffOnly(d, name)) column.staffOnly = true;
  if (isText(f) && (f.max ?? 0) >= 255) column.maxWidth = 240;
  if (f.type === 'enum') column.render = (row) => (row[name] ? <EnumValue labelKey={keys.value(name, String(row[name]))} /> : '');
  if (f.type === 'boolean') column.render = (row) => <EnumValue labelKey={row[name] ? 'ra.boolean.true' : 'ra.boolean.false'} />;
  if (f.type === 'reference') column.render = (row) => <ReferenceField record={row} source={name} reference={f.reference!} link={false} />;
  if (f.type === 'integer' || (isText(f) && !f.required)) column.render ??= (row) => (row[name] ?? '') as string;
  return column;
}

function filterOf(d: ResourceDeclaration, name: string, f: FieldDeclaration): EntityFilter | undefined {
  const keys = labelKeysOf(d);
  const common = { source: name, labelKey: keys.field(name), ...(staffOnly(d, name) ? { staffOnly: true } : {}) };
  if (f.type === 'enum') return { ...common, kind: 'select', choices: f.values!.map((value) => ({ value, labelKey: keys.value(name, value) })) };
  if (f.type === 'reference') return f.reference === 'partners' ? { ...common, kind: 'custom', Input: PartnerFilterInput } : undefined;
  if (f.type === 'boolean')
    return {
      ...common,
      kind: 'select',
      choices: [true, false].map((value) => ({ value: String(value), labelKey: `ra.boolean.${value}`, filterValue: value })),
    };
  return { ...common, kind: 'text' };
}

/**
 * The entity table of a declared resource (contract/resources/): columns, filters, keyword search, default sort,
 * the add and edit dialogs with the contract's schema, CSV export. `written` replaces what a resource writes
 * itself (its own inputs, row actions).
 */
export function declaredEntity(d: ResourceDeclaration, written: Partial<EntityResource<Row>> = {}): EntityResource<Row> {
  const keys = labelKeysOf(d);
  const [field, order] = d.defaultSort.split(' ');
  const fields = new Map(fieldEntries(d));
  return {
    name: d.name,
    permissions: d.permission as Resource,
    recordTitle: (row) => String(row[d.titleField] ?? row.id),
    liveResource: d.name,
    titleKey: keys.title,
    nameKey: keys.name,
    descriptionKey: keys.description,
    emptyTitleKey: keys.empty,
    defaultSort: { field, order: order === 'desc' ? 'DESC' : 'ASC' },
    keywordSearch: searchFieldsOf(d).length > 0,
    filters: filterFieldsOf(d).flatMap(([name, f]) => filterOf(d, name, f) ?? []),
    columns: listedFieldsOf(d).map(([name, f]) => columnOf(d, name, f)),
    form: { Inputs: declaredInputs(d), schema: inputSchemaOf(d), width: fields.size > 4 ? 'md' : 'sm' },
    exportable: crudRoutesOf(d).some(({ action }) => action === 'Export'),
    ...(d.softDelete ? { canSelect: (row: Row) => !row.deleted } : {}),
    ...written,
  };
}
