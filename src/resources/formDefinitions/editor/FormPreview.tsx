import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AnswerValue, Answers, FormSection } from '../../../../contract/forms';
import { SectionQuestions } from '../../../components/questions';

/** The width of the phone preview: the narrowest screen the portal is made for. */
const PHONE_WIDTH = 375;

/**
 * The draft as partners will see it, section by section, with the filler's own question components: answers
 * typed here apply conditions and validation live and are never sent. Full width or 375 px.
 */
export function FormPreview({ sections }: { sections: FormSection[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [width, setWidth] = useState<'full' | 'phone'>('full');
  const [chosen, setChosen] = useState(0);
  const [answers, setAnswers] = useState<Answers>({});
  const onAnswer = useCallback((key: string, value: AnswerValue) => setAnswers((current) => ({ ...current, [key]: value })), []);
  const index = Math.min(chosen, Math.max(0, sections.length - 1));
  const section = sections[index];
  return (
    <Stack spacing={2} component="section" aria-labelledby="form-preview-title" data-testid="form-preview">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography variant="h6" component="h2" id="form-preview-title">
            {translate('formBuilder.preview.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate('formBuilder.preview.hint')}
          </Typography>
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={width}
          onChange={(_, next) => next && setWidth(next)}
          aria-label={translate('formBuilder.preview.width')}
        >
          <ToggleButton value="full" data-testid="preview-full">
            {translate('formBuilder.preview.full')}
          </ToggleButton>
          <ToggleButton value="phone" data-testid="preview-phone">
            {translate('formBuilder.preview.phone')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Card
        variant="outlined"
        sx={{ width: '100%', maxWidth: width === 'phone' ? PHONE_WIDTH : 'none', mx: 'auto', overflow: 'hidden' }}
        data-testid="preview-frame"
        data-width={width}
      >
        {section ? (
          <>
            <Tabs
              value={index}
              onChange={(_, next: number) => setChosen(next)}
              variant="scrollable"
              scrollButtons="auto"
              allowScrollButtonsMobile
              sx={{ borderBottom: 1, borderColor: 'divider' }}
            >
              {sections.map((item) => (
                <Tab key={item.key} label={item.title || translate('formBuilder.sections.untitled')} />
              ))}
            </Tabs>
            <Box sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography variant="h6" component="h3" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
                {section.title}
              </Typography>
              <SectionQuestions section={section} sections={sections} translate={translate} locale={locale} answers={answers} onAnswer={onAnswer} />
            </Box>
          </>
        ) : (
          <Typography sx={{ p: 3, color: 'text.secondary' }}>{translate('formBuilder.preview.empty')}</Typography>
        )}
      </Card>
    </Stack>
  );
}
