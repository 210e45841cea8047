import { useRef, useState, type ChangeEvent } from 'react';
import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslateMessage } from '../../i18n/translateMessage';
import { addFiles, formatBytes, megabytes, type AttachmentLimits, type FileProblem } from './attachmentRules';

interface AttachmentPickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  limits: AttachmentLimits;
  /** The accepted types in words, as the reader's language has them ("images, PDF, …"). */
  typesLabel: string;
  /** The list's accessible name. */
  label: string;
  /** Each file's upload progress (0…1) while the form is sent. */
  progress?: number[] | null;
  disabled?: boolean;
}

/** Files to send with a form: checked against the limits when picked (nothing oversized is uploaded), then each one's progress. */
export function AttachmentPicker({ files, onChange, limits, typesLabel, label, progress, disabled }: AttachmentPickerProps) {
  const translate = useTranslateMessage();
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<FileProblem[]>([]);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const result = addFiles(files, [...(event.target.files ?? [])], limits);
    onChange(result.files);
    setProblems(result.problems);
    event.target.value = '';
  };

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          variant="outlined"
          startIcon={<AttachFile />}
          onClick={() => input.current?.click()}
          disabled={disabled || files.length >= limits.maxFiles}
          data-testid="attachment-add"
          sx={{ alignSelf: 'flex-start' }}
        >
          {translate('app.attachments.add')}
        </Button>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {translate('app.attachments.limits', { max: limits.maxFiles, size: megabytes(limits.maxBytes), types: typesLabel })}
        </Typography>
      </Stack>
      <input ref={input} type="file" multiple hidden accept={limits.accept} onChange={onPick} data-testid="attachment-input" />
      {problems.map((problem) => (
        <Alert
          key={`${problem.key}-${problem.values.name}`}
          severity="warning"
          sx={{ mt: 1 }}
          data-testid="attachment-problem"
          onClose={() => setProblems(problems.filter((p) => p !== problem))}
        >
          {translate(problem.key, { ...problem.values, types: typesLabel })}
        </Alert>
      ))}
      {files.length > 0 && (
        <Stack spacing={1} sx={{ mt: 1 }} component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
          {files.map((file, index) => (
            <Box
              component="li"
              key={`${file.name}-${index}`}
              data-testid="attachment-file"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 0.75 }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <InsertDriveFileOutlined fontSize="small" color="action" />
                <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }} title={file.name}>
                  {file.name}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                  {progress ? `${Math.round((progress[index] ?? 0) * 100)}%` : formatBytes(file.size)}
                </Typography>
                {!progress && (
                  <IconButton
                    size="small"
                    onClick={() => onChange(files.filter((_, i) => i !== index))}
                    disabled={disabled}
                    aria-label={translate('app.attachments.remove', { name: file.name })}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                )}
              </Stack>
              {progress && (
                <LinearProgress
                  variant="determinate"
                  value={(progress[index] ?? 0) * 100}
                  sx={{ mt: 0.5 }}
                  data-testid="attachment-progress"
                  aria-label={file.name}
                />
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
