import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useFormState, useWatch } from 'react-hook-form';
import { AutocompleteArrayInput, ReferenceArrayInput, ReferenceInput, SelectInput, TextInput, useLocaleState, useTranslate } from 'react-admin';
import { HELP_AUDIENCES, HELP_LANGUAGES, helpCategoryName, type HelpCategoryDto, type HelpLanguage } from '../../../contract/helpCenter';
import { SafeHtml } from '../../components/richText/SafeHtml';
import { HelpArticleBodyInput } from './HelpArticleBodyInput';

const AUDIENCE_CHOICES = HELP_AUDIENCES.map((id) => ({ id, name: `helpCenter.audiences.${id}` }));

/** What readers will see of the body: the editor's HTML through the app's allow-list (SafeHtml). */
function BodyPreview({ language }: { language: HelpLanguage }) {
  const translate = useTranslate();
  const body = useWatch({ name: `${language}.body` }) as string | undefined;
  if (!body) return null;
  return (
    <Box component="section" aria-label={translate('helpCenter.editor.preview')} sx={{ mt: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="overline" color="text.secondary">
        {translate('helpCenter.editor.preview')}
      </Typography>
      <SafeHtml html={body} data-testid={`help-article-preview-${language}`} />
    </Box>
  );
}

/** An error of the whole article (no translation written, no partner chosen): the schema's object-level rules. */
function ArticleError() {
  const translate = useTranslate();
  const { errors, isSubmitted } = useFormState();
  const message = (errors as Record<string, { message?: string } | undefined>)['']?.message;
  if (!isSubmitted || !message) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="help-article-error">
      {translate(message, { _: message })}
    </Alert>
  );
}

/**
 * The article's form: address, category, audience (and the chosen partners), then one tab per language with its
 * title and body; a language left empty is sent as not written.
 */
export function HelpArticleInputs() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [tab, setTab] = useState<HelpLanguage>('en');
  const audience = useWatch({ name: 'audience' }) as string | undefined;
  return (
    <>
      <ArticleError />
      <TextInput source="slug" label="helpCenter.fields.slug" helperText="helpCenter.fields.slugHint" fullWidth />
      <ReferenceInput source="categoryId" reference="help-categories" sort={{ field: 'position', order: 'ASC' }} perPage={100}>
        <SelectInput
          label="helpCenter.fields.category"
          optionText={(category: HelpCategoryDto) => helpCategoryName(category, locale)}
          emptyText="helpCenter.fields.noCategory"
          fullWidth
        />
      </ReferenceInput>
      <SelectInput source="audience" label="helpCenter.fields.audience" choices={AUDIENCE_CHOICES} fullWidth />
      {audience === 'chosenPartners' && (
        <ReferenceArrayInput source="partnerIds" reference="partners" perPage={50}>
          <AutocompleteArrayInput label="helpCenter.fields.partners" optionText="name" fullWidth />
        </ReferenceArrayInput>
      )}
      <Tabs value={tab} onChange={(_, value: HelpLanguage) => setTab(value)} aria-label={translate('helpCenter.fields.languages')} sx={{ mb: 2 }}>
        {HELP_LANGUAGES.map((language) => (
          <Tab
            key={language}
            value={language}
            label={translate(`helpCenter.languages.${language}`)}
            id={`help-tab-${language}`}
            aria-controls={`help-panel-${language}`}
          />
        ))}
      </Tabs>
      {HELP_LANGUAGES.map((language) => (
        <Box key={language} role="tabpanel" id={`help-panel-${language}`} aria-labelledby={`help-tab-${language}`} hidden={tab !== language}>
          <TextInput source={`${language}.title`} label="helpCenter.fields.title" fullWidth />
          <HelpArticleBodyInput source={`${language}.body`} label="helpCenter.fields.body" language={language} />
          <BodyPreview language={language} />
        </Box>
      ))}
    </>
  );
}
