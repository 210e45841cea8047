import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetIdentity, useLocaleState, useTranslate } from 'react-admin';
import { answerShapeError, isAnswerable, pathQuestionKey, questionsByKey } from '../../../contract/answers';
import {
  partnerFormSectionRoute,
  partnerFormsRoute,
  type AnswerFile,
  type AnswerValue,
  type FormSection,
  type PartnerFormReview,
} from '../../../contract/forms';
import { StatusPage } from '../../components/StatusPage';
import { showToast } from '../../notifications/toastStore';
import { ApiError } from '../../providers/http';
import { FillerActions } from './FillerActions';
import { FillerNotice, SaveStateText } from './FillerNotice';
import { PartnerFormPdfButton } from '../partnerForms/PartnerFormPdfButton';
import { downloadAnswerFile, uploadAnswerFile } from './partnerFormFillerApi';
import { DraftQuestions, DraftStepper, useDraftValue } from './DraftViews';
import { ReviewBanner } from './ReviewBanner';
import { StaffNote } from './StaffNote';
import { commentedInFormOrder, flaggedCountBySection, flaggedInFormOrder, steppedFlag, type FlaggedQuestion } from './reviewFlags';
import { useAnswerDraft } from './useAnswerDraft';
import { useFillerActions } from './useFillerActions';
import { useFillerSections } from './useFillerSections';

/** /forms/{partnerFormId}/sections/{sectionId}, outside the main layout: waits for the user, then fills. */
export default function SectionFillerPage() {
  const { partnerFormId = '', sectionId = '' } = useParams();
  const { identity } = useGetIdentity();
  const loaded = useFillerSections(partnerFormId, sectionId);
  const translate = useTranslate();
  if (loaded.notFound)
    return (
      <StatusPage
        title={translate('formFiller.notFound')}
        body=""
        homeLabel={translate('formFiller.backToForms')}
        homeTo={partnerFormsRoute}
        testId="form-not-found"
      />
    );
  if (loaded.failed)
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Alert severity="error" action={<Button onClick={loaded.retry}>{translate('formFiller.retry')}</Button>}>
          {translate('formFiller.loadFailed')}
        </Alert>
      </Container>
    );
  if (!identity || !loaded.sections || !loaded.opened || !loaded.partnerForm)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress aria-label={translate('formFiller.loading')} />
      </Box>
    );
  return (
    <SectionFiller
      key={`${identity.id}:${partnerFormId}`}
      userId={String(identity.id)}
      partnerFormId={partnerFormId}
      sectionKey={sectionId}
      formName={loaded.partnerForm.formName}
      note={loaded.partnerForm.note}
      sections={loaded.sections}
      opened={loaded.opened}
      review={loaded.partnerForm.review ?? null}
      prefilled={loaded.partnerForm.prefilledKeys ?? NONE}
    />
  );
}

interface SectionFillerProps {
  userId: string;
  partnerFormId: string;
  sectionKey: string;
  formName: string;
  /** Staff's note on the partner form (given at assignment, a reopen or a lock). */
  note: string;
  sections: FormSection[];
  opened: NonNullable<ReturnType<typeof useFillerSections>['opened']>;
  /** The review in force: 'returned' opens only its flagged questions. */
  review: PartnerFormReview | null;
  /** Questions whose answer was filled in at assignment. */
  prefilled: readonly string[];
}

const NONE: readonly string[] = [];

/**
 * One section at a time with the stepper of all: answers checked as typed, kept locally at once and saved a few
 * seconds later (Save Draft at once), Submit checked on both sides with the contract's `formAnswerErrors`.
 */
function SectionFiller({ userId, partnerFormId, sectionKey, formName, note, sections, opened, review, prefilled }: SectionFillerProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  // Returned for changes (issue 24): only the flagged questions take answers, each section holding some is marked.
  const returned = review?.state === 'returned' && opened.status === 'OPEN';
  const flagged = useMemo(() => (returned ? flaggedInFormOrder(sections, review) : []), [returned, sections, review]);
  const onlyKeys = useMemo(() => (returned ? new Set(flagged.map((flag) => flag.key)) : undefined), [returned, flagged]);
  const flaggedCounts = useMemo(() => flaggedCountBySection(flagged), [flagged]);
  const prefilledKeys = useMemo(() => new Set(prefilled), [prefilled]);
  // Reopened with comments (not a review round): opening the form at its start lands on the first commented question,
  // as a returned form does; a link to another section opens that section.
  const atStart = sectionKey === sections[0]?.key;
  const commentedFirst = useMemo(
    () => (!returned && atStart && opened.status === 'OPEN' ? commentedInFormOrder(sections, opened.comments ?? {})[0] : undefined),
    [returned, atStart, opened, sections],
  );
  // Answers left unsent by an earlier visit (offline, a closed tab) come back over the saved ones and are sent.
  const { draft } = useAnswerDraft({
    userId,
    partnerFormId,
    sectionKey,
    loaded: opened.answers ?? {},
    keep: keeperOf(sections, onlyKeys),
    open: opened.status === 'OPEN',
  });

  const section = sections.find((candidate) => candidate.key === sectionKey);
  const index = sections.findIndex((candidate) => candidate.key === sectionKey);

  const onAnswer = useCallback((key: string, value: AnswerValue) => draft.change(key, value), [draft]);

  useEffect(() => {
    // Outside the layout, which scrolls to top on each path: a new section starts at its top (a jump below scrolls on).
    window.scrollTo(0, 0);
  }, [sectionKey]);

  const openSection = useCallback(
    (key: string) => {
      if (key !== sectionKey) navigate(partnerFormSectionRoute(partnerFormId, key));
    },
    [navigate, partnerFormId, sectionKey],
  );

  // Previous and Next move focus to the new section's first field (else its heading): the button pressed stays behind in the bar.
  const sectionCard = useRef<HTMLElement>(null);
  const focusOnOpen = useRef(false);
  const stepTo = useCallback(
    (key: string) => {
      focusOnOpen.current = true;
      openSection(key);
    },
    [openSection],
  );
  useEffect(() => {
    if (!focusOnOpen.current) return;
    focusOnOpen.current = false;
    const card = sectionCard.current;
    const field = [...(card?.querySelectorAll<HTMLElement>('input, textarea, select, [role="combobox"], [tabindex]') ?? [])].find(
      (element) => element.tabIndex >= 0 && !element.matches(':disabled') && !element.closest('[aria-hidden="true"]'),
    );
    (field ?? card?.querySelector<HTMLElement>('#filler-section-title'))?.focus();
  }, [sectionKey]);

  // A flagged question is scrolled to and focused once its section shows: at once, or after the section opens.
  const [currentFlag, setCurrentFlag] = useState<string | null>(null);
  const pendingQuestion = useRef<string | null>(null);
  const focusPendingQuestion = useCallback(() => {
    const key = pendingQuestion.current;
    const box = key ? sectionCard.current?.querySelector<HTMLElement>(`[data-question-key="${CSS.escape(key)}"]`) : null;
    if (!box) return;
    pendingQuestion.current = null;
    box.scrollIntoView({ block: 'center' });
    const field = [...box.querySelectorAll<HTMLElement>('input, textarea, select, button, [role="combobox"], [tabindex]')].find(
      (element) => element.tabIndex >= 0 && !element.matches(':disabled') && !element.closest('[aria-hidden="true"]'),
    );
    if (!field) box.tabIndex = -1;
    (field ?? box).focus({ preventScroll: true });
  }, []);
  const goToQuestion = useCallback(
    (flag: FlaggedQuestion, replace = false) => {
      setCurrentFlag(flag.key);
      pendingQuestion.current = flag.key;
      if (flag.sectionKey === sectionKey) focusPendingQuestion();
      else navigate(partnerFormSectionRoute(partnerFormId, flag.sectionKey), { replace });
    },
    [focusPendingQuestion, navigate, partnerFormId, sectionKey],
  );
  useEffect(focusPendingQuestion, [sectionKey, focusPendingQuestion]);
  // Opening a form returned for changes lands on its first flagged question, one reopened with comments on its first
  // commented one: in its section, scrolled to (on a phone the stepper above would hide it) and focused.
  const landed = useRef(false);
  const landing = flagged[0] ?? commentedFirst;
  useEffect(() => {
    if (landed.current || !landing) return;
    landed.current = true;
    goToQuestion(landing, true);
  }, [landing, goToQuestion]);
  const stepFlag = useCallback(
    (step: 1 | -1) => {
      const target = steppedFlag(flagged, currentFlag, step, sections, sectionKey);
      if (target) goToQuestion(target);
    },
    [flagged, currentFlag, sections, sectionKey, goToQuestion],
  );
  const followFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const key = (event.target as HTMLElement).closest('[data-question-flagged]')?.getAttribute('data-question-key');
    if (key) setCurrentFlag(key);
  }, []);

  const { notice, clearNotice, showAllErrors, submitting, submitted, saveDraft, submit } = useFillerActions({
    draft,
    sections,
    partnerFormId,
    sectionKey,
    openSection,
  });

  const saveState = useDraftValue(draft, (snapshot) => snapshot.saveState);
  const failure = useDraftValue(draft, (snapshot) => snapshot.failure);
  const saved = useDraftValue(draft, (snapshot) => snapshot.lastSaved);
  const currentStatus = submitted ?? saved?.status ?? opened.status;
  const readOnly = currentStatus !== 'OPEN';

  const upload = useMemo(
    () =>
      !readOnly
        ? (key: string, file: File, onProgress: Parameters<typeof uploadAnswerFile>[3]) => uploadAnswerFile(partnerFormId, key, file, onProgress)
        : undefined,
    [readOnly, partnerFormId],
  );
  const openFile = useCallback(
    (file: AnswerFile) =>
      downloadAnswerFile(partnerFormId, file).catch((error) =>
        showToast('error', error instanceof ApiError ? error.message : translate('formFiller.saveFailed')),
      ),
    [partnerFormId, translate],
  );

  if (!section)
    return (
      <StatusPage
        title={translate('formFiller.notFound')}
        body=""
        homeLabel={translate('formFiller.backToForms')}
        homeTo={partnerFormsRoute}
        testId="form-not-found"
      />
    );

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', pb: 12 }}>
      <Container maxWidth="lg" sx={{ pt: 2, px: { xs: 1.5, sm: 3 } }}>
        <Button component={RouterLink} to={partnerFormsRoute} startIcon={<ArrowBack />} size="small">
          {translate('formFiller.backToForms')}
        </Button>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, my: 1 }}>
          <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }}>
            {formName}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
            {!readOnly && <SaveStateText state={saveState} />}
            <PartnerFormPdfButton partnerFormId={partnerFormId} />
          </Stack>
        </Stack>
        <Stack spacing={1} sx={{ mb: 2 }}>
          {returned && !readOnly && review ? (
            <ReviewBanner review={review} count={flagged.length} position={flagged.findIndex((flag) => flag.key === currentFlag) + 1} onStep={stepFlag} />
          ) : (
            note.trim() && <StaffNote note={note} />
          )}
          {readOnly && <Alert severity="info">{translate(currentStatus === 'SUBMITTED' ? 'formFiller.readOnlySubmitted' : 'formFiller.readOnlyLocked')}</Alert>}
          {saveState === 'failed' && (
            <Alert severity="error" role="alert">
              {translate('formFiller.saveFailed')}
              {failure?.status === 409 && ` ${failure.message}`}
            </Alert>
          )}
          {saveState === 'offline' && <Alert severity="warning">{translate('formFiller.offline')}</Alert>}
          {notice && <FillerNotice notice={notice} onClose={clearNotice} />}
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 16 } }}>
            <DraftStepper
              draft={draft}
              sections={sections}
              currentKey={sectionKey}
              showErrors={showAllErrors}
              onOpen={openSection}
              flaggedCounts={returned && !readOnly ? flaggedCounts : undefined}
            />
          </Box>
          <Card
            ref={sectionCard}
            variant="outlined"
            component="section"
            aria-labelledby="filler-section-title"
            onFocus={followFocus}
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Typography id="filler-section-title" variant="h6" component="h2" tabIndex={-1} sx={{ mb: 2, '&:focus': { outline: 'none' } }}>
              {section.title}
            </Typography>
            <DraftQuestions
              draft={draft}
              key={section.key}
              section={section}
              sections={sections}
              translate={translate}
              locale={locale}
              onAnswer={onAnswer}
              readOnly={readOnly}
              comments={opened.comments}
              onlyKeys={readOnly ? undefined : onlyKeys}
              prefilledKeys={prefilledKeys}
              showAllErrors={showAllErrors}
              upload={upload}
              openFile={openFile}
            />
          </Card>
        </Box>
      </Container>
      <FillerActions
        previousKey={sections[index - 1]?.key}
        nextKey={sections[index + 1]?.key}
        onOpen={stepTo}
        onSaveDraft={readOnly ? undefined : saveDraft}
        onSubmit={readOnly ? undefined : submit}
        busy={submitting}
      />
    </Box>
  );
}

/** Which answers left unsent by an earlier visit still belong: those of this form's questions (flagged ones when returned), well typed. */
function keeperOf(sections: readonly FormSection[], onlyKeys?: ReadonlySet<string>) {
  let placed: ReturnType<typeof questionsByKey> | undefined;
  return (key: string, value: AnswerValue) => {
    if (onlyKeys && !onlyKeys.has(key) && ![...onlyKeys].some((only) => pathQuestionKey(only) === key)) return false;
    placed ??= questionsByKey(sections);
    const question = placed.get(key)?.question;
    return !!question && isAnswerable(question) && answerShapeError(question, value) === null;
  };
}
