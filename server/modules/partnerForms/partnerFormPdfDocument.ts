import type { Answers, FormSection, PartnerFormDto } from '../../../contract/forms';

/** What the document shows of one partner form: its facts, its version's sections, the answers and staff's comments. */
export interface PartnerFormDocument {
  partnerForm: PartnerFormDto;
  sections: FormSection[];
  answers: Answers;
  comments: Record<string, string>;
}

/**
 * The document as the PDF worker takes it: its large parts (a 3,000-question form's are megabytes) as the database's
 * JSON text, parsed in the worker. Parsed here, then copied to the worker, they held the HTTP thread 50–80 ms each
 * (bench:pdf, ten at once) and their garbage as long again.
 */
export interface PartnerFormDocumentText {
  partnerForm: PartnerFormDto;
  sections: string;
  answers: string;
  comments: string;
}

/** A document held as values (benches, tests) in the form the worker takes. */
export const documentAsText = ({ partnerForm, sections, answers, comments }: PartnerFormDocument): PartnerFormDocumentText => ({
  partnerForm,
  sections: JSON.stringify(sections),
  answers: JSON.stringify(answers),
  comments: JSON.stringify(comments),
});

/** The worker's side: the document's values again. */
export const documentFromText = ({ partnerForm, sections, answers, comments }: PartnerFormDocumentText): PartnerFormDocument => ({
  partnerForm,
  sections: JSON.parse(sections) as FormSection[],
  answers: JSON.parse(answers) as Answers,
  comments: JSON.parse(comments) as Record<string, string>,
});
