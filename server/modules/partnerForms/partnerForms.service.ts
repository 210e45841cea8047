import type { PartnerFormDto } from '../../../contract/forms';
import type { PartnerFormSearchInput } from '../../../contract/schemas/partnerForms';
import type { AppContext } from '../../context';
import type { Principal } from '../../core/guard';
import { findVisiblePartnerForm, NOT_FOUND, versionOfPartnerForm } from './partnerFormAccess';
import { selectPartnerFormDto } from './partnerFormDtos';
import { createPartnerFormFilling } from './partnerFormFilling';
import { createPartnerFormMigration } from './partnerFormMigration';
import { createPartnerFormReview } from './partnerFormReview';
import { exportPartnerFormRows, searchPartnerForms } from './partnerFormSearch';
import { createPartnerFormStaff } from './partnerFormStaff';
import { notFound } from '../../core/errors';

/**
 * The rules of partner forms (DESIGN.md "Forms"): reads within the caller's reach, the partner's filling in,
 * staff's assigning and status changes, and moving partner forms to a newer version. Routes parse and answer.
 */
export function createPartnerFormService(ctx: Pick<AppContext, 'db' | 'events' | 'files'>) {
  const { db } = ctx;

  /** One partner form with its version's sections (key and title), for reading a submission section by section. */
  async function get(principal: Principal, id: string): Promise<PartnerFormDto> {
    const row = await findVisiblePartnerForm(db, principal, id);
    const [dto, version] = await Promise.all([selectPartnerFormDto(db, row.id), versionOfPartnerForm(db, row)]);
    if (!dto) throw notFound(NOT_FOUND);
    return { ...dto, sections: version.sections.map(({ key, title }) => ({ key, title })) };
  }

  return {
    get,
    search: (principal: Principal, input: PartnerFormSearchInput) => searchPartnerForms(db, principal, input),
    exportRows: (principal: Principal, input: PartnerFormSearchInput) => exportPartnerFormRows(db, principal, input),
    ...createPartnerFormFilling(ctx),
    ...createPartnerFormStaff(ctx),
    ...createPartnerFormMigration(ctx),
    ...createPartnerFormReview(ctx),
  };
}

export type PartnerFormService = ReturnType<typeof createPartnerFormService>;
