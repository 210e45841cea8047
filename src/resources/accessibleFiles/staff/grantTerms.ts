import type { FileGrantDto } from '../../../../contract/files';
import { defaultWindow, fromLocalInput, toLocalInput } from './localDateTime';

/** A grant's terms as its inputs hold them: local date-times and the limit as typed. */
export interface TermsValues {
  from: string;
  to: string;
  note: string;
  downloadLimit: string;
  viewOnly: boolean;
}

export function termsValuesOf(grant?: Pick<FileGrantDto, 'from' | 'to' | 'note' | 'downloadLimit' | 'viewOnly'> | null): TermsValues {
  if (!grant) return { ...defaultWindow(), note: '', downloadLimit: '', viewOnly: false };
  return {
    from: toLocalInput(grant.from),
    to: toLocalInput(grant.to),
    note: grant.note,
    downloadLimit: grant.downloadLimit === null ? '' : String(grant.downloadLimit),
    viewOnly: grant.viewOnly,
  };
}

/** The terms as the API takes them: instants with offset, the limit a number or null. */
export function termsBody(values: TermsValues) {
  const limit = values.downloadLimit.trim();
  return {
    from: fromLocalInput(values.from),
    to: fromLocalInput(values.to),
    note: values.note.trim(),
    downloadLimit: limit === '' ? null : Number(limit),
    viewOnly: values.viewOnly,
  };
}
