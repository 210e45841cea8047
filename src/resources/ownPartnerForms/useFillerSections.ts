import { useQueries, useQuery } from '@tanstack/react-query';
import type { FormSection, PartnerFormDto, PartnerFormSectionDto } from '../../../contract/forms';
import { ApiError } from '../../providers/http';
import { fetchPartnerForm, fetchSection } from './partnerFormFillerApi';

/** Queries of the filler, apart from react-admin's (a hub change must not reload answers being typed). */
const fillerKey = (partnerFormId: string, ...rest: string[]) => ['partner-form-filler', partnerFormId, ...rest];

const missing = (error: unknown) => error instanceof ApiError && error.status === 404;

export interface FillerSections {
  partnerForm: PartnerFormDto | undefined;
  /** The section asked for, as the server first answered it (its answers, comments, status). */
  opened: PartnerFormSectionDto | undefined;
  /** Every section with its questions, once all arrived: conditions may look at an earlier section, Submit checks them all. */
  sections: FormSection[] | undefined;
  notFound: boolean;
  failed: boolean;
  retry: () => void;
}

/**
 * The partner form, the section asked for, then every other section side by side (each answers the form's
 * answers and its questions). Kept for the page's life: moving between sections reads them from memory.
 */
export function useFillerSections(partnerFormId: string, sectionKey: string): FillerSections {
  const formQuery = useQuery({
    queryKey: fillerKey(partnerFormId),
    queryFn: ({ signal }) => fetchPartnerForm(partnerFormId, signal),
    staleTime: Infinity,
    retry: false,
  });
  const sectionQuery = useQuery({
    queryKey: fillerKey(partnerFormId, 'section', sectionKey),
    queryFn: ({ signal }) => fetchSection(partnerFormId, sectionKey, signal),
    staleTime: Infinity,
    retry: false,
  });
  const outline = formQuery.data?.sections ?? sectionQuery.data?.sections;
  const sectionQueries = useQueries({
    queries: (outline ?? []).map(({ key }) => ({
      queryKey: fillerKey(partnerFormId, 'section', key),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchSection(partnerFormId, key, signal),
      staleTime: Infinity,
      retry: false,
    })),
  });
  const loaded = sectionQueries.every((query) => query.data) && outline !== undefined;
  const errors = [formQuery.error, sectionQuery.error, ...sectionQueries.map((query) => query.error)].filter((error) => error);
  return {
    partnerForm: formQuery.data,
    opened: sectionQuery.data,
    sections: loaded ? sectionQueries.map((query) => (query.data as PartnerFormSectionDto).section) : undefined,
    notFound: missing(formQuery.error) || missing(sectionQuery.error),
    failed: errors.length > 0,
    retry: () => {
      void formQuery.refetch();
      void sectionQuery.refetch();
      sectionQueries.forEach((query) => query.isError && void query.refetch());
    },
  };
}
