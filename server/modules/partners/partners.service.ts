import * as yup from 'yup';
import type { PartnerDto } from '../../../contract/partners';
import { partnerDtoSchema } from '../../../contract/schemas/dtos';
import { partnerSchema, type PartnerInput } from '../../../contract/schemas/partners';
import type { AppContext } from '../../context';
import { createCrudService, type CrudResource } from '../../core/crud';
import { containsFolded, keywordOf } from '../../core/search';
import { partnerSearchColumns } from './partnerSearch';
import { partners } from './partners.schema';

type PartnerRow = typeof partners.$inferSelect;

export const toPartnerDto = (row: PartnerRow): PartnerDto => ({
  id: row.id,
  name: row.name,
  email: row.email,
  type: row.type,
  address: row.address,
  phone: row.phone,
  website: row.website,
  contactPhone: row.contactPhone,
  deleted: row.deletedAt !== null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Partners (specification sections 3, 5 and 7): staff CRUD, search ignoring diacritics, soft delete. */
export const partnersResource: CrudResource<PartnerInput, PartnerDto> = {
  name: 'partners',
  permissions: 'Partners',
  table: partners,
  schema: partnerSchema,
  searchFilters: { name: yup.string().trim().max(255), phone: yup.string().trim().max(50) },
  toDto: (row) => toPartnerDto(row as unknown as PartnerRow),
  dtoSchema: partnerDtoSchema,
  toValues: (input) => ({
    name: input.name,
    email: input.email,
    type: input.type,
    address: input.address,
    phone: input.phone,
    website: input.website || null,
    contactPhone: input.contactPhone || null,
    ...partnerSearchColumns(input),
  }),
  sortable: { name: partners.name, email: partners.email, type: partners.type, phone: partners.phone, createdAt: partners.createdAt },
  defaultSort: 'name asc',
  events: (id, action) => (action === 'created' ? [{ type: 'PartnerCreated', partnerId: id }] : []),
  where: (search) => [
    containsFolded(partners.searchText, keywordOf(search)),
    containsFolded(partners.nameFolded, search.name as string | undefined),
    containsFolded(partners.phone, search.phone as string | undefined),
  ],
  csv: [
    { header: 'id', value: (p) => p.id },
    { header: 'name', value: (p) => p.name },
    { header: 'email', value: (p) => p.email },
    { header: 'type', value: (p) => p.type },
    { header: 'address', value: (p) => p.address },
    { header: 'phone', value: (p) => p.phone },
    { header: 'website', value: (p) => p.website },
    { header: 'contactPhone', value: (p) => p.contactPhone },
    { header: 'deleted', value: (p) => p.deleted },
    { header: 'createdAt', value: (p) => p.createdAt },
  ],
};

/** The rules of partners: the declared resource's search, reads and changes. */
export const createPartnerService = (ctx: AppContext) => createCrudService(ctx, partnersResource);

export type PartnerService = ReturnType<typeof createPartnerService>;
