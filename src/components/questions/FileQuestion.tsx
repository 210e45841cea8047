import type { AnswerFile } from '../../../contract/forms';
import { FileAnswerInput, filesOf } from './FileAnswerInput';
import type { OpenAnswerFile, QuestionInputProps, UploadAnswerFile } from './questionTypes';

/** One file: choosing another replaces it. */
export function FileQuestion(props: QuestionInputProps<AnswerFile | null> & { upload?: UploadAnswerFile; openFile?: OpenAnswerFile }) {
  const { question, value, onAnswer } = props;
  return <FileAnswerInput {...props} many={false} files={filesOf(value)} onFiles={(files) => onAnswer(question.key, files[0] ?? null)} />;
}
