/** The questions of a section as partners see them: the filler, staff's reading of a submission and the builder's preview. */
export { SectionQuestions, type SectionQuestionsProps } from './SectionQuestions';
export { focusQuestion, questionInputId, type OpenAnswerFile, type QuestionErrors, type UploadAnswerFile } from './questionTypes';
export { DecimalInput } from './DecimalInput';
export { formFileLimits, formFileTypesLabel } from './formFileLimits';
