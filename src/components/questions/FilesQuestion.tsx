import type { AnswerFile } from '../../../contract/forms';
import { FileAnswerInput, filesOf } from './FileAnswerInput';
import type { OpenAnswerFile, QuestionInputProps, UploadAnswerFile } from './questionTypes';

/** Up to ten files, added and removed one by one. */
export function FilesQuestion(props: QuestionInputProps<AnswerFile[]> & { upload?: UploadAnswerFile; openFile?: OpenAnswerFile }) {
  const { question, value, onAnswer } = props;
  return <FileAnswerInput {...props} many files={filesOf(value)} onFiles={(files) => onAnswer(question.key, files)} />;
}
