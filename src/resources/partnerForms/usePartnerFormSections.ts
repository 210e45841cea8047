import { useQueries } from '@tanstack/react-query';
import { useGetOne } from 'react-admin';
import type { FormSection, PartnerFormDto, PartnerFormSectionDto } from '../../../contract/forms';
import { fetchSection } from '../ownPartnerForms/partnerFormFillerApi';

export interface PartnerFormSections {
  /** Every section with its questions, once all arrived (conditions may look at an earlier section). */
  sections: FormSection[] | undefined;
  /** The answers, comments and per-section completeness (the same in every section's answer). */
  reading: PartnerFormSectionDto | undefined;
  isPending: boolean;
  failed: boolean;
}

/**
 * Every section of a partner form (its outline is `sections` of GET /partner-forms/{id}) as
 * GET /partner-forms/{id}/sections/{key} answers it, fetched side by side. The queries are keyed under
 * `partner-forms`, so a hub change of partner forms refetches them.
 */
export function usePartnerFormSections(partnerForm: PartnerFormDto | undefined): PartnerFormSections {
  const id = partnerForm?.id ?? '';
  // A row of the list has no outline: the partner form itself (GET /partner-forms/{id}) has.
  const { data: whole, isError: wholeFailed } = useGetOne<PartnerFormDto>('partner-forms', { id }, { enabled: !!partnerForm && !partnerForm.sections });
  const outline = partnerForm?.sections ?? whole?.sections;
  const queries = useQueries({
    queries: (outline ?? []).map(({ key }) => ({
      queryKey: ['partner-forms', 'section', { id, key }],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchSection(id, key, signal),
    })),
  });
  const loaded = queries.map((query) => query.data).filter((data): data is PartnerFormSectionDto => !!data);
  const complete = !!outline && loaded.length === outline.length;
  // After a change only some sections may have refetched yet: the freshest holds the current answers.
  const freshest = queries.filter((query) => query.data).sort((a, b) => b.dataUpdatedAt - a.dataUpdatedAt)[0]?.data;
  const failed = wholeFailed || queries.some((query) => query.isError);
  return {
    sections: partnerForm && complete ? loaded.map((data) => data.section) : undefined,
    reading: freshest,
    isPending: !partnerForm || (!complete && !failed),
    failed,
  };
}
