import Chip from '@mui/material/Chip';
import { BooleanInput, SelectInput, TextInput, usePermissions, useTranslate } from 'react-admin';
import { CANNED_LANGUAGES, CANNED_PLACEHOLDERS, type CannedResponseDto } from '../../../contract/cannedResponses';
import { permission } from '../../../contract/permissions';
import { cannedResponsesDeclaration } from '../../../contract/resources/cannedResponses';
import { inputSchemaOf } from '../../../contract/resources/schemas';
import { declaredIdentity } from '../../admin/screenDeclaration';
import type { EntityResource } from '../../entityTable/types';
import cannedResponses from '.';

const LANGUAGE_CHOICES = CANNED_LANGUAGES.map((id) => ({ id, name: `cannedResponses.languages.${id}` }));
const PLACEHOLDERS = CANNED_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ');

/** Title, text (with its placeholders named), language; "Shared with all staff" for those who manage shared responses. */
function CannedResponseInputs() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const mayShare = !!permissions?.includes(permission('CannedResponses', 'Configure'));
  return (
    <>
      <TextInput source="title" label="cannedResponses.fields.title" fullWidth />
      <TextInput
        source="body"
        label="cannedResponses.fields.body"
        helperText={translate('cannedResponses.intro', { placeholders: PLACEHOLDERS })}
        fullWidth
        multiline
        minRows={4}
      />
      <SelectInput source="language" label="cannedResponses.fields.language" choices={LANGUAGE_CHOICES} emptyText="cannedResponses.languages.any" fullWidth />
      {mayShare && <BooleanInput source="shared" label="cannedResponses.fields.shared" helperText="cannedResponses.sharedHint" />}
    </>
  );
}

function ScopeChip({ row }: { row: CannedResponseDto }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" label={translate(row.shared ? 'cannedResponses.shared' : 'cannedResponses.personal')} />;
}

function LanguageText({ row }: { row: CannedResponseDto }) {
  const translate = useTranslate();
  return <>{translate(`cannedResponses.languages.${row.language ?? 'any'}`)}</>;
}

/** Canned responses (/canned-responses): shared ones and the reader's own; the server keeps another user's out of reach. */
const cannedResponseTable: EntityResource<CannedResponseDto> = {
  ...declaredIdentity(cannedResponses),
  titleKey: 'cannedResponses.title',
  nameKey: 'cannedResponses.nav',
  descriptionKey: 'cannedResponses.sharedHint',
  emptyTitleKey: 'cannedResponses.empty',
  defaultSort: { field: 'title', order: 'ASC' },
  keywordSearch: true,
  columns: [
    { source: 'title', labelKey: 'cannedResponses.fields.title', sortable: true, card: 'title' },
    { source: 'shared', labelKey: 'cannedResponses.scope', render: (row) => <ScopeChip row={row} />, card: 'status' },
    { source: 'language', labelKey: 'cannedResponses.fields.language', sortable: true, render: (row) => <LanguageText row={row} />, card: 'fact' },
    { source: 'body', labelKey: 'cannedResponses.fields.body', hideOnMobile: true, maxWidth: 420, card: 'fact' },
  ],
  form: {
    Inputs: CannedResponseInputs,
    schema: inputSchemaOf(cannedResponsesDeclaration),
    defaults: { language: null, shared: false },
    // "Any language" is the empty choice: the API says it with null.
    toInput: (values) => ({ ...values, language: values.language || null }),
  },
};

export default cannedResponseTable;
