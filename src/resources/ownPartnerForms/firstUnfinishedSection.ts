import type { PartnerFormSectionDto } from '../../../contract/forms';
import { fetchPartnerForm, fetchSection } from './partnerFormFillerApi';

/** The first section with an error or an unanswered question, else the first (a finished or read-only form opens at its start). */
export function firstUnfinished(sections: PartnerFormSectionDto['sections']): string | undefined {
  return (sections.find((section) => section.errors > 0 || section.filled < section.total) ?? sections[0])?.key;
}

/** Where opening a partner form leads: its outline, then the completeness of every section from any one of them. */
export async function firstUnfinishedSectionOf(partnerFormId: string): Promise<string | undefined> {
  const outline = (await fetchPartnerForm(partnerFormId)).sections ?? [];
  if (outline.length === 0) return undefined;
  return firstUnfinished((await fetchSection(partnerFormId, outline[0].key)).sections);
}
