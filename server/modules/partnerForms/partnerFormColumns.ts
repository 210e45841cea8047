import { formProgress } from '../../../contract/answers';

/** What formProgress answers (matching every text rule: computed once per save). */
export type FormProgress = ReturnType<typeof formProgress>;
import type { Answers, FormSection } from '../../../contract/forms';
import { foldForSearch } from '../../../contract/fold';

/** What the keyword search of partner forms reads: the form's name and the partner's, folded. */
export const partnerFormSearchText = (formName: string, partnerName: string) => foldForSearch(`${formName} ${partnerName}`);

/**
 * The derived columns of a partner form, recomputed on every save (and by the demo seed): progress counts over
 * the shown questions (conditions applied) and the search text.
 */
export function partnerFormColumns(
  sections: readonly FormSection[],
  answers: Answers,
  names?: { formName: string; partnerName: string },
  progress: FormProgress = formProgress(sections, answers),
) {
  return {
    totalFields: progress.total,
    requiredFields: progress.required,
    filledCount: progress.filled,
    ...(names ? { searchText: partnerFormSearchText(names.formName, names.partnerName) } : {}),
  };
}
