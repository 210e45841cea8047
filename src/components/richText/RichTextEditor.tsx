import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslateMessage } from '../../i18n/translateMessage';
import { sanitizeHtml } from './safeHtml';

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList';

const TOOLS: { command: Command; labelKey: string; icon: ReactNode }[] = [
  { command: 'bold', labelKey: 'app.richText.bold', icon: <FormatBold fontSize="small" /> },
  { command: 'italic', labelKey: 'app.richText.italic', icon: <FormatItalic fontSize="small" /> },
  { command: 'insertUnorderedList', labelKey: 'app.richText.bulletList', icon: <FormatListBulleted fontSize="small" /> },
  { command: 'insertOrderedList', labelKey: 'app.richText.numberedList', icon: <FormatListNumbered fontSize="small" /> },
];

interface RichTextEditorProps {
  label: string;
  /** The HTML it starts with; later changes come from the user only. */
  initialValue?: string;
  onChange: (html: string) => void;
  helperText?: string;
  error?: boolean;
  minHeight?: number;
}

/**
 * A small rich-text box (a ticket's description, a form's long answer): bold, italic and lists with the
 * browser's editing commands, no library. Pasted content comes in as plain text, so no foreign markup gets
 * in; the server sanitises what is sent in any case.
 */
export function RichTextEditor({ label, initialValue = '', onChange, helperText, error, minHeight = 140 }: RichTextEditorProps) {
  const translate = useTranslateMessage();
  const editor = useRef<HTMLDivElement>(null);
  const labelId = useId();

  // Only the first value: afterwards the element holds the truth.
  const showInitialValue = useEffectEvent(() => {
    if (editor.current) editor.current.innerHTML = sanitizeHtml(initialValue);
  });
  useEffect(() => showInitialValue(), []);

  const emit = () => {
    const element = editor.current;
    if (!element) return;
    // An editor emptied by the user keeps a stray <br>: that is no description.
    onChange(element.textContent?.trim() ? element.innerHTML : '');
  };

  const run = (command: Command) => {
    editor.current?.focus();
    document.execCommand(command);
    emit();
  };

  return (
    <Box>
      <Typography id={labelId} variant="body2" sx={{ mb: 0.5, color: error ? 'error.main' : 'text.secondary' }}>
        {label}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: 'primary.main', boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}` },
        }}
      >
        <Stack direction="row" role="toolbar" aria-label={translate('app.richText.toolbar')} sx={{ borderBottom: 1, borderColor: 'divider', px: 0.5 }}>
          {TOOLS.map((tool) => (
            <Tooltip key={tool.command} title={translate(tool.labelKey)}>
              <IconButton
                size="small"
                aria-label={translate(tool.labelKey)}
                // Keeps the selection in the editor while the button is pressed.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => run(tool.command)}
                data-testid={`editor-${tool.command}`}
              >
                {tool.icon}
              </IconButton>
            </Tooltip>
          ))}
        </Stack>
        <Box
          ref={editor}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          data-testid="rich-text-editor"
          onInput={emit}
          onBlur={emit}
          onPaste={(event) => {
            event.preventDefault();
            document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
          }}
          sx={{
            minHeight,
            maxHeight: 320,
            overflowY: 'auto',
            p: 1.5,
            outline: 'none',
            typography: 'body2',
            '& ul, & ol': { pl: 3, my: 0.5 },
            '& p': { my: 0.5 },
          }}
        />
      </Box>
      {helperText && <FormHelperText error={error}>{helperText}</FormHelperText>}
    </Box>
  );
}
