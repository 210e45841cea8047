import Code from '@mui/icons-material/Code';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { TableKit } from '@tiptap/extension-table';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import {
  DefaultEditorOptions,
  FormatButtons,
  ImageButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';

/** The editor's extensions: react-admin's (headings, lists, links, images, code) and tables. */
const EXTENSIONS = [...(DefaultEditorOptions.extensions ?? []), TableKit];
const HEADING_LEVELS = [2, 3] as const;

/**
 * Headings, a code block and a 3 × 3 table with a header row: what react-admin's toolbar lacks for help articles (its
 * level select draws list items outside a list, which screen readers and axe refuse).
 */
function BlockButtons() {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  return (
    <ToggleButtonGroup size="small" aria-label={translate('helpCenter.editor.blocks')}>
      {HEADING_LEVELS.map((level) => (
        <ToggleButton
          key={level}
          value={`heading${level}`}
          // Named by its visible text (H2): a different aria-label is a name/label mismatch for speech input users.
          title={translate('helpCenter.editor.heading', { level })}
          selected={!!editor?.isActive('heading', { level })}
          disabled={!editor?.isEditable}
          onClick={() => editor?.chain().focus().toggleNode('heading', 'paragraph', { level }).run()}
          sx={{ fontWeight: 700, px: 1, lineHeight: 1 }}
        >
          H{level}
        </ToggleButton>
      ))}
      <ToggleButton
        value="codeBlock"
        aria-label={translate('helpCenter.editor.codeBlock')}
        title={translate('helpCenter.editor.codeBlock')}
        selected={!!editor?.isActive('codeBlock')}
        disabled={!editor?.isEditable}
        onClick={() => editor?.chain().focus().toggleNode('codeBlock', 'paragraph').run()}
      >
        <Code fontSize="inherit" />
      </ToggleButton>
      <ToggleButton
        value="table"
        aria-label={translate('helpCenter.editor.table')}
        title={translate('helpCenter.editor.table')}
        disabled={!editor?.isEditable}
        onClick={() => editor?.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      >
        <TableChartOutlined fontSize="inherit" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

/** One language's body: Tiptap through react-admin, with headings, lists, links, images, tables and code. */
export function HelpArticleBodyInput({ source, label, language }: { source: string; label: string; language: string }) {
  const translate = useTranslate();
  const name = `${translate(label)} (${translate(`helpCenter.languages.${language}`)})`;
  // The editable area is named (react-admin's label is not tied to it) and marked with the language written in it.
  const editorOptions = useMemo(
    () => ({ ...DefaultEditorOptions, extensions: EXTENSIONS, editorProps: { attributes: { 'aria-label': name, 'aria-multiline': 'true', lang: language } } }),
    [name, language],
  );
  return (
    <RichTextInput
      source={source}
      label={label}
      fullWidth
      editorOptions={editorOptions}
      toolbar={
        <RichTextInputToolbar size="small">
          <FormatButtons size="small" />
          <ListButtons size="small" />
          <LinkButtons size="small" />
          <ImageButtons size="small" />
          <QuoteButtons size="small" />
          <BlockButtons />
        </RichTextInputToolbar>
      }
    />
  );
}
