import { sql } from 'drizzle-orm';
import { countriesDeclaration } from '../../../contract/resources/countries';
import type { AppContext } from '../../context';
import { declaredModule, declaredValuesOf } from '../../core/declared';
import { declaredTable } from '../../core/declared/table';
import type { Db } from '../../db/client';
import type { PortalModule } from '../module';
import { DEMO_COUNTRIES } from './countries.demo';

const countries = declaredTable(countriesDeclaration);

/** The id of a country by its code, for other modules' demo rows; null when it is not there. */
export async function countryIdByCode(db: Db, code: string) {
  const [row] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(sql`lower(${countries.code}) = ${code.toLowerCase()}`);
  return row?.id ?? null;
}

/** The demo countries a database lacks, by code; rows that are there are left as people left them. */
async function seedDemoCountries({ db }: AppContext) {
  for (const country of DEMO_COUNTRIES) {
    if (await countryIdByCode(db, country.code)) continue;
    await db.insert(countries).values(declaredValuesOf(countriesDeclaration, country));
  }
}

/** Countries (contract/resources/countries.ts): the declaration, and its demo rows before the partners that name them. */
export const countriesModule: PortalModule = declaredModule(countriesDeclaration, { seedDemo: seedDemoCountries });
