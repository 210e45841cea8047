import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import Close from '@mui/icons-material/Close';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AnswerFile, AnswerValue, FormQuestion } from '../../../contract/forms';
import { addFiles, formatBytes, megabytes } from '../attachments/attachmentRules';
import { ApiError } from '../../providers/http';
import { ChoiceFieldset } from './ChoiceFieldset';
import { formFileLimits, formFileTypesLabel } from './formFileLimits';
import type { OpenAnswerFile, UploadAnswerFile } from './questionTypes';
import { useQuestionTexts } from './questionTexts';

interface FileAnswerInputProps {
  question: FormQuestion;
  files: AnswerFile[];
  /** One file (a `file` question) or up to ten (`files`). */
  many: boolean;
  onFiles: (files: AnswerFile[]) => void;
  error: string | null;
  readOnly: boolean;
  inputId: string;
  upload?: UploadAnswerFile;
  openFile?: OpenAnswerFile;
}

interface Sending {
  name: string;
  share: number;
}

/**
 * The files of a file question: each picked file is checked against the limits (shown beside the button),
 * uploaded at once with its progress, then held in the answer; a failed upload says so and keeps the rest.
 */
export function FileAnswerInput({ question, files, many, onFiles, error, readOnly, inputId, upload, openFile }: FileAnswerInputProps) {
  const translate = useQuestionTexts();
  const picker = useRef<HTMLInputElement>(null);
  const limits = formFileLimits(many);
  const [sending, setSending] = useState<Sending[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  // Uploads end one after another: each adds to what the previous one left, not to a stale render's list.
  const latest = useRef(files);
  useEffect(() => {
    latest.current = files;
  }, [files]);

  const sendOne = async (file: File, index: number) => {
    const progress = (share: number) => setSending((items) => items.map((item, at) => (at === index ? { ...item, share } : item)));
    try {
      const stored = await (upload as UploadAnswerFile)(question.key, file, ({ loaded, total }) => progress(total ? loaded / total : 0));
      latest.current = many ? [...latest.current, stored] : [stored];
      onFiles(latest.current);
    } catch (failure) {
      const reason = failure instanceof ApiError ? failure.message : translate('formFiller.question.uploadFailed', { name: file.name });
      setProblems((found) => [...found, reason]);
    }
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    const room = many ? limits : { ...limits, maxFiles: 1 };
    const checked = addFiles(many ? latest.current.map(asPlaceholder) : [], picked, room);
    const accepted = checked.files.slice(many ? latest.current.length : 0);
    setProblems(checked.problems.map((problem) => translate(problem.key, { ...problem.values, types: formFileTypesLabel })));
    setSending(accepted.map((file) => ({ name: file.name, share: 0 })));
    for (const [index, file] of accepted.entries()) await sendOne(file, index);
    setSending([]);
  };

  const remove = (file: AnswerFile) => onFiles(latest.current.filter((kept) => kept.id !== file.id));
  const full = files.length >= limits.maxFiles && many;
  const limitsId = `${inputId}-limits`;

  return (
    <ChoiceFieldset question={question} error={error}>
      {files.length > 0 && (
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: '4px 0' }} aria-label={question.label}>
          {files.map((file) => (
            <Stack component="li" key={file.id} direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <InsertDriveFileOutlined fontSize="small" color="action" />
              {openFile ? (
                <Link component="button" type="button" variant="body2" onClick={() => openFile(file)} noWrap sx={{ minWidth: 0 }} title={file.name}>
                  {file.name}
                </Link>
              ) : (
                <Typography variant="body2" noWrap sx={{ minWidth: 0 }} title={file.name}>
                  {file.name}
                </Typography>
              )}
              <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                {formatBytes(file.size)}
              </Typography>
              {!readOnly && (
                <IconButton size="small" onClick={() => remove(file)} aria-label={translate('formFiller.question.removeFile', { name: file.name })}>
                  <Close fontSize="small" />
                </IconButton>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {!readOnly && files.length === 0 && !upload && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {translate('formFiller.question.uploadInForm')}
        </Typography>
      )}
      {sending.map((item) => (
        <Box key={item.name} sx={{ my: 0.5 }}>
          <Typography variant="caption">{translate('formFiller.question.uploading', { name: item.name, percent: Math.round(item.share * 100) })}</Typography>
          <LinearProgress variant="determinate" value={item.share * 100} aria-label={item.name} />
        </Box>
      ))}
      {problems.map((problem) => (
        <Alert key={problem} severity="warning" sx={{ my: 0.5 }} onClose={() => setProblems((found) => found.filter((p) => p !== problem))}>
          {problem}
        </Alert>
      ))}
      {!readOnly && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mt: 0.5 }}>
          <Button
            id={inputId}
            variant="outlined"
            startIcon={<UploadFile />}
            onClick={() => picker.current?.click()}
            disabled={!upload || full || sending.length > 0}
            aria-describedby={limitsId}
            sx={{ alignSelf: 'flex-start' }}
          >
            {translate(many ? 'formFiller.question.addFiles' : files.length ? 'formFiller.question.replaceFile' : 'formFiller.question.chooseFile')}
          </Button>
          <Typography id={limitsId} variant="caption" sx={{ color: 'text.secondary' }}>
            {translate(many ? 'formFiller.question.filesLimits' : 'formFiller.question.fileLimits', {
              max: limits.maxFiles,
              size: megabytes(limits.maxBytes),
              types: formFileTypesLabel,
            })}
          </Typography>
        </Stack>
      )}
      <input
        ref={picker}
        type="file"
        hidden
        multiple={many}
        accept={limits.accept}
        onChange={onPick}
        aria-label={question.label}
        disabled={!upload || readOnly}
      />
    </ChoiceFieldset>
  );
}

/** A stored file stands in for a picked one when counting what still fits. */
const asPlaceholder = (file: AnswerFile) => new File([], file.name);

/** The answer's files as a list, whatever the question's type. */
export function filesOf(value: AnswerValue | undefined): AnswerFile[] {
  if (Array.isArray(value)) return value.filter((item): item is AnswerFile => typeof item === 'object' && item !== null);
  return value && typeof value === 'object' && 'id' in value ? [value] : [];
}
