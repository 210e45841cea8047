import Code from '@mui/icons-material/Code';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { TableKit } from '@tiptap/extension-table';
import { useTranslate } from 'react-admin';
import {
  DefaultEditorOptions,
  FormatButtons,
  ImageButtons,
  LevelSelect,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';

/** The editor's extensions: react-admin's (headings, lists, links, images, code) and tables. */
const EDITOR_OPTIONS = { ...DefaultEditorOptions, extensions: [...(DefaultEditorOptions.extensions ?? []), TableKit] };

/** A code block and a 3 × 3 table with a header row: what react-admin's toolbar lacks for help articles. */
function BlockButtons() {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  return (
    <ToggleButtonGroup size="small" aria-label={translate('helpCenter.editor.blocks')}>
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
export function HelpArticleBodyInput({ source, label }: { source: string; label: string }) {
  return (
    <RichTextInput
      source={source}
      label={label}
      fullWidth
      editorOptions={EDITOR_OPTIONS}
      toolbar={
        <RichTextInputToolbar size="small">
          <LevelSelect size="small" />
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
