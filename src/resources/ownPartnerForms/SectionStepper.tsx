import { memo } from 'react';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import OutlinedFlag from '@mui/icons-material/OutlinedFlag';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { red } from '@mui/material/colors';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import type { SectionProgress } from '../../../contract/answers';

/** The error count stays 4.5:1 on the current step's tinted background too (error.main is 3.98:1 there). */
const flaggedText = (theme: Theme) => (theme.palette.mode === 'dark' ? theme.palette.error.light : red[900]);

interface SectionStepperProps {
  sections: SectionProgress[];
  currentKey: string;
  /** After a refused Submit: sections with errors are marked. */
  showErrors: boolean;
  onOpen: (sectionKey: string) => void;
  /** Questions flagged for changes per section key (a form returned for changes): each such section is marked. */
  flaggedCounts?: Readonly<Record<string, number>>;
}

/** Every section with its completeness: a list of buttons (a row that scrolls on a phone, a column beside the questions on a wide screen). */
export const SectionStepper = memo(function SectionStepper({ sections, currentKey, showErrors, onOpen, flaggedCounts }: SectionStepperProps) {
  const translate = useTranslate();
  return (
    <Box component="nav" aria-label={translate('formFiller.filler.sections')}>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          flexDirection: { xs: 'row', md: 'column' },
          gap: 1,
          overflowX: { xs: 'auto', md: 'visible' },
          pb: { xs: 1, md: 0 },
        }}
      >
        {sections.map((section, index) => {
          const current = section.key === currentKey;
          const complete = section.filled === section.total && section.errors === 0;
          const flagged = showErrors && section.errors > 0;
          const completeness = translate('formFiller.filler.completeness', { filled: section.filled, total: section.total });
          const toChange = flaggedCounts?.[section.key] ?? 0;
          return (
            <Box component="li" key={section.key} sx={{ flex: { xs: '0 0 auto', md: 'initial' } }}>
              <ButtonBase
                onClick={() => onOpen(section.key)}
                aria-current={current ? 'step' : undefined}
                sx={{
                  width: '100%',
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  gap: 1,
                  px: 1.5,
                  py: 1,
                  borderRadius: 1,
                  border: 1,
                  borderColor: current ? 'primary.main' : 'divider',
                  bgcolor: current ? 'action.selected' : 'background.paper',
                  maxWidth: { xs: 220, md: 'none' },
                  '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
                }}
              >
                {flagged ? (
                  <ErrorOutline color="error" fontSize="small" />
                ) : complete ? (
                  <CheckCircle color="success" fontSize="small" />
                ) : (
                  <RadioButtonUnchecked color="disabled" fontSize="small" />
                )}
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" noWrap sx={{ fontWeight: current ? 600 : 400 }}>
                    {`${index + 1}. ${section.title}`}
                  </Typography>
                  <Typography variant="caption" sx={{ color: flagged ? flaggedText : 'text.secondary' }}>
                    {flagged ? `${completeness} · ${translate('formFiller.filler.sectionErrors', { smart_count: section.errors })}` : completeness}
                  </Typography>
                  {toChange > 0 && (
                    <Typography
                      variant="caption"
                      data-section-flagged={toChange}
                      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: flaggedText, fontWeight: 600 }}
                    >
                      <OutlinedFlag sx={{ fontSize: 16 }} aria-hidden />
                      {translate('formFiller.review.sectionFlagged', { smart_count: toChange })}
                    </Typography>
                  )}
                </Box>
              </ButtonBase>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
});
