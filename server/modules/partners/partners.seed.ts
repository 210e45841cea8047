import { asc, or, sql } from 'drizzle-orm';
import { partnersDeclaration } from '../../../contract/resources/partners';
import type { AppContext } from '../../context';
import { declaredValuesOf } from '../../core/declared';
import type { Db } from '../../db/client';
import { countryIdByCode } from '../countries';
import { DEMO_PARTNERS } from './partners.demo';
import { partners } from './partners.schema';

type DemoPartner = (typeof DEMO_PARTNERS)[number];

/** The row of a demo partner, by name or email (either may have been edited since), a live one first. */
async function findDemoPartner(db: Db, partner: DemoPartner) {
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(or(sql`lower(${partners.name}) = ${partner.name.toLowerCase()}`, sql`lower(${partners.email}) = ${partner.email.toLowerCase()}`))
    .orderBy(asc(sql`${partners.deletedAt} is not null`), asc(partners.createdAt))
    .limit(1);
  return row ?? null;
}

/** The id of the demo partner of this name, for the demo rows of other modules; null when it is not there. */
export async function demoPartnerId(db: Db, name: DemoPartner['name']) {
  const partner = DEMO_PARTNERS.find((p) => p.name === name)!;
  return (await findDemoPartner(db, partner))?.id ?? null;
}

/** The demo partners a database lacks (a deleted one stays deleted); rows that are there are left as people left them. */
export async function seedDemoPartners({ db }: AppContext) {
  for (const partner of DEMO_PARTNERS) {
    if (await findDemoPartner(db, partner)) continue;
    const { country, ...fields } = partner;
    const countryId = country ? await countryIdByCode(db, country) : null;
    await db.insert(partners).values(declaredValuesOf(partnersDeclaration, { ...fields, countryId }));
  }
}
