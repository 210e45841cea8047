import type { CsvColumn } from '../../core/csv';
import { answerCell, type PartnerFormCsvRow } from './partnerFormSearch';

const FIXED: CsvColumn<PartnerFormCsvRow>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'partner', value: (row) => row.partnerName },
  { header: 'form', value: (row) => row.formName },
  { header: 'version', value: (row) => row.formVersionNumber },
  { header: 'status', value: (row) => row.status },
  { header: 'filled', value: (row) => row.filledCount },
  { header: 'total', value: (row) => row.totalFields },
  { header: 'required', value: (row) => row.requiredFields },
  { header: 'createdAt', value: (row) => row.createdAt },
  { header: 'updatedAt', value: (row) => row.updatedAt },
  { header: 'submittedAt', value: (row) => row.submittedAt },
  { header: 'note', value: (row) => row.note },
];

/** The export's columns: the partner form's own, then one per question key (read as own keys of the answers). */
export const partnerFormCsvColumns = (questionKeys: string[]): CsvColumn<PartnerFormCsvRow>[] => [
  ...FIXED,
  ...questionKeys.map((key) => ({
    header: key,
    value: (row: PartnerFormCsvRow) => answerCell(Object.hasOwn(row.answers, key) ? row.answers[key] : undefined),
  })),
];
