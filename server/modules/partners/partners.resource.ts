import { ilike } from 'drizzle-orm';
import * as yup from 'yup';
import { foldForSearch } from '../../../contract/fold';
import { partnerSchema, type PartnerInput } from '../../../contract/schemas/partners';
import type { PartnerDto } from '../../../contract/partners';
import { partners } from '../../db/schema';
import type { CrudResource } from '../../core/crudResource';

type PartnerRow = typeof partners.$inferSelect;

const likeOf = (text: string) => `%${foldForSearch(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

type SearchedFields = 'name' | 'email' | 'phone' | 'type' | 'address' | 'website' | 'contactPhone';
export const partnerSearchText = (p: { [K in SearchedFields]?: string | null }) =>
  foldForSearch([p.name, p.email, p.phone, p.contactPhone, p.type, p.address, p.website].filter(Boolean).join(' '));

/** Partners (specification sections 3, 5 and 7): staff CRUD, search ignoring diacritics, soft delete. */
export const partnersResource: CrudResource<PartnerInput, PartnerDto> = {
  name: 'partners',
  permissions: 'Partners',
  table: partners,
  schema: partnerSchema,
  searchFilters: { name: yup.string().trim().max(255), phone: yup.string().trim().max(50) },
  toDto: (row) => toPartnerDto(row as unknown as PartnerRow),
  toValues: (input) => ({
    name: input.name,
    email: input.email,
    type: input.type,
    address: input.address,
    phone: input.phone,
    website: input.website || null,
    contactPhone: input.contactPhone || null,
    searchText: partnerSearchText(input),
    nameFolded: foldForSearch(input.name),
  }),
  sortable: { name: partners.name, email: partners.email, type: partners.type, phone: partners.phone, createdAt: partners.createdAt },
  defaultSort: 'name asc',
  events: (id, action) => (action === 'created' ? [{ type: 'PartnerCreated', partnerId: id }] : []),
  where: (search) => {
    const keyword = search.advancedSearch?.keyword ?? search.keyword;
    const name = search.name as string | undefined;
    const phone = search.phone as string | undefined;
    return [
      keyword ? ilike(partners.searchText, likeOf(keyword)) : undefined,
      name ? ilike(partners.nameFolded, likeOf(name)) : undefined,
      phone ? ilike(partners.phone, likeOf(phone)) : undefined,
    ];
  },
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
