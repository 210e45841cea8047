import { memo } from 'react';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { SECTION_TITLE_MAX, SECTIONS_MAX, type FormSection } from '../../../../contract/forms';
import { sectionField } from './editorErrors';
import { useSectionsEditing } from './FormEditorContext';
import { ItemMenu } from './ItemMenu';
import { QuestionList } from './QuestionList';
import { blankSection, moved, newKey, renameSection, takenKeys } from './sectionsDraft';
import { DragHandle, SortableList, type DragHandleProps } from './SortableList';

/** The version's sections in order: add, rename, reorder (drag, keyboard or menu) and remove, each with its questions. */
export function SectionsEditor({ sections }: { sections: FormSection[] }) {
  const translate = useTranslate();
  const { readOnly, change } = useSectionsEditing();
  const titleOf = (key: string) => sections.find((section) => section.key === key)?.title || translate('formBuilder.sections.untitled');
  const add = () =>
    change((current) => [
      ...current,
      blankSection(newKey('s', takenKeys(current)), translate('formBuilder.sections.newTitle', { number: current.length + 1 })),
    ]);
  return (
    <Stack spacing={2} component="section" aria-labelledby="form-sections-title">
      <Typography variant="h6" component="h2" id="form-sections-title">
        {translate('formBuilder.sections.title')}
      </Typography>
      {sections.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{translate('formBuilder.sections.empty')}</Typography>}
      <SortableList
        ids={sections.map((section) => section.key)}
        labelOf={titleOf}
        onMove={(from, to) => change((current) => moved(current, from, to))}
        disabled={readOnly}
      >
        {(key, handle) => {
          const index = sections.findIndex((section) => section.key === key);
          return <SectionCard section={sections[index]} index={index} count={sections.length} handle={handle} title={titleOf(key)} />;
        }}
      </SortableList>
      {!readOnly && sections.length < SECTIONS_MAX && (
        <Box>
          <Button variant="outlined" startIcon={<Add />} onClick={add} data-testid="add-section">
            {translate('formBuilder.sections.add')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

const SectionCard = memo(function SectionCard({
  section,
  index,
  count,
  handle,
  title,
}: {
  section: FormSection;
  index: number;
  count: number;
  handle: DragHandleProps;
  title: string;
}) {
  const translate = useTranslate();
  const { readOnly, change, remove, errorText } = useSectionsEditing();
  const field = sectionField(section.key, 'title');
  const error = errorText(field) ?? errorText(sectionField(section.key, 'questions'));
  return (
    <Card variant="outlined" sx={{ p: { xs: 1, sm: 2 }, mb: 2 }} data-testid="section" data-key={section.key}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1.5 }}>
        <Box sx={{ pt: 0.5 }}>
          <DragHandle handle={handle} label={title} />
        </Box>
        <TextField
          size="small"
          fullWidth
          required
          label={translate('formBuilder.sections.titleLabel')}
          value={section.title}
          disabled={readOnly}
          error={!!error}
          helperText={error ?? translate('formBuilder.sections.questions', { smart_count: section.questions.length })}
          onChange={(event) => change((sections) => renameSection(sections, section.key, event.target.value), [field])}
          slotProps={{ htmlInput: { maxLength: SECTION_TITLE_MAX, 'data-testid': 'section-title' } }}
        />
        {!readOnly && (
          <Box sx={{ pt: 0.5 }}>
            <ItemMenu
              label={translate('formBuilder.sections.more', { label: title })}
              index={index}
              count={count}
              onMove={(to) => change((sections) => moved(sections, index, to))}
              onRemove={() => remove({ kind: 'section', index, section })}
              removeLabel={translate('formBuilder.sections.remove')}
              testId="section"
            />
          </Box>
        )}
      </Stack>
      <QuestionList sectionKey={section.key} groupKey={null} questions={section.questions} />
    </Card>
  );
});
