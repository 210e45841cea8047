import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import OutlinedFlag from '@mui/icons-material/OutlinedFlag';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  answerRows,
  isAnswerable,
  isRepeatingGroup,
  ownAnswer,
  parseRowCellPath,
  placedQuestions,
  rowAnswer,
  rowCellPath,
  rowsLayout,
  rowVisibleKeys,
  visibleQuestionKeys,
} from '../../../contract/answers';
import type { AnswerValue, FormQuestion, FormSection, PartnerFormDto, PartnerFormReviewRoundDto } from '../../../contract/forms';
import { PARTNER_FORM_COMMENT_MAX, PARTNER_FORM_NOTE_MAX } from '../../../contract/schemas/partnerForms';
import { PoliteStatus } from '../../components/PoliteStatus';
import { useResourceAccess } from '../../entityTable/useResourceAccess';
import { PageSkipLink } from '../../layout/SkipLink';
import { showToast } from '../../notifications/toastStore';
import { ApiError } from '../../providers/http';
import { DateTimeText } from './PartnerFormCells';
import { answerLine, fetchReviewRounds, reviewPartnerForm, reviewRoundsKey } from './reviewApi';
import { ReviewAnswer } from './ReviewAnswer';
import { useAnswerFileOpener } from './useAnswerFileOpener';
import { usePartnerFormSections } from './usePartnerFormSections';

type Decision = { flagged: boolean; comment: string };

/** The first question's Flag, where "Skip to the review" lands (one review form per page). */
const FIRST_FLAG_ID = 'review-first-flag';

/**
 * Staff's review per question on the partner form's page (issue 24), for holders of the reopen permission: a
 * submitted form's answers, each accepted or flagged with a comment; "Return for changes" (only the flagged
 * questions reopen) or "Accept"; and the history of rounds with what the partner changed after each.
 */
export function PartnerFormReviewPanel({ partnerForm }: { partnerForm: PartnerFormDto }) {
  const { can } = useResourceAccess('PartnerForm');
  const translate = useTranslate();
  const { sections } = usePartnerFormSections(partnerForm);
  const [announcement, setAnnouncement] = useState('');
  // The review form goes once it is sent: focus moves to the history that now holds the new round.
  const [focusHistory, setFocusHistory] = useState(false);
  if (!can({ action: 'AdminUpdate' })) return null;
  const reviewing = partnerForm.status === 'SUBMITTED' && partnerForm.review?.state !== 'accepted';
  const reviewed = (outcome: 'return' | 'accept', flagged: number) => {
    setAnnouncement(translate(outcome === 'return' ? 'partnerForms.review.returned' : 'partnerForms.review.accepted', { smart_count: flagged }));
    setFocusHistory(true);
  };
  return (
    <>
      {/* The history first: reviewing a resubmission starts from what changed since the last round. */}
      <ReviewRounds partnerForm={partnerForm} sections={sections ?? []} focus={focusHistory} onFocused={() => setFocusHistory(false)} />
      {reviewing && sections && (
        <ReviewForm key={`${partnerForm.id}:${partnerForm.updatedAt}`} partnerForm={partnerForm} sections={sections} onReviewed={reviewed} />
      )}
      <PoliteStatus message={announcement} />
    </>
  );
}

function ReviewForm({
  partnerForm,
  sections,
  onReviewed,
}: {
  partnerForm: PartnerFormDto;
  sections: FormSection[];
  onReviewed: (outcome: 'return' | 'accept', flagged: number) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const { reading } = usePartnerFormSections(partnerForm);
  const answers = useMemo(() => reading?.answers ?? {}, [reading]);
  const openFile = useAnswerFileOpener(partnerForm.id);
  const layout = useMemo(() => rowsLayout(sections), [sections, answers]); // eslint-disable-line react-hooks/exhaustive-deps -- a layout per reading of the answers
  const visible = useMemo(() => visibleQuestionKeys(sections, answers, layout), [sections, answers, layout]);
  // A resubmission: what the partner changed in answer to the last round, shown beside each answer as it was.
  const { data: rounds } = useQuery({ queryKey: reviewRoundsKey(partnerForm.id), queryFn: ({ signal }) => fetchReviewRounds(partnerForm.id, signal) });
  const lastChanges = rounds?.[0]?.outcome === 'returned' ? (rounds[0].changes ?? {}) : {};
  const [decisions, setDecisions] = useState<Record<string, Decision>>({});
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const flaggedKeys = Object.keys(decisions).filter((key) => decisions[key].flagged);
  const problemOf = (decision: Decision | undefined) =>
    !decision?.flagged
      ? null
      : !decision.comment.trim()
        ? 'partnerForms.review.commentRequired'
        : decision.comment.length > PARTNER_FORM_COMMENT_MAX
          ? 'partnerForms.reopen.commentTooLong'
          : null;
  const incomplete = flaggedKeys.some((key) => problemOf(decisions[key]));
  // The answers to decide on, by section: a group's questions one by one, the hidden and the unanswerable left out.
  // A repeating group's answers row by row, each named by its path and labelled with its group and row.
  const questionsOf = (section: FormSection): { question: FormQuestion; value: AnswerValue | undefined }[] =>
    section.questions.flatMap((question) => {
      if (!visible.has(question.key)) return [];
      if (isRepeatingGroup(question))
        return answerRows(ownAnswer(answers, question.key)).flatMap((row, index) => {
          const shown = rowVisibleKeys(question, row, answers, visible, layout);
          const where = `${question.label} · ${translate('formFiller.rows.row', { row: index + 1 })}`;
          return question.children
            .filter((child) => isAnswerable(child) && shown.has(child.key))
            .map((child) => ({
              question: { ...child, key: rowCellPath(question.key, index, child.key), label: `${where} · ${child.label}` },
              value: rowAnswer(row, child.key),
            }));
        });
      return (question.type === 'group' ? question.children : [question])
        .filter((asked) => isAnswerable(asked) && visible.has(asked.key))
        .map((asked) => ({ question: asked, value: ownAnswer(answers, asked.key) }));
    });
  const firstKey = sections.flatMap(questionsOf)[0]?.question.key;

  const decide = (key: string, change: Partial<Decision>) =>
    setDecisions((previous) => ({ ...previous, [key]: { ...(previous[key] ?? { flagged: false, comment: '' }), ...change } }));

  async function send(outcome: 'return' | 'accept') {
    setTried(true);
    if (outcome === 'return' && (incomplete || !flaggedKeys.length)) return;
    setBusy(true);
    try {
      const flags = outcome === 'return' ? Object.fromEntries(flaggedKeys.map((key) => [key, decisions[key].comment.trim()])) : {};
      await reviewPartnerForm(partnerForm.id, { outcome, note: note.trim(), flags });
      onReviewed(outcome, flaggedKeys.length);
      await queryClient.invalidateQueries({ queryKey: ['partner-forms'] });
    } catch (error) {
      if (!(error instanceof ApiError)) showToast('error', translate('partnerForms.review.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card variant="outlined" component="section" aria-labelledby="review-form-title" data-testid="review-form">
      <CardContent>
        {firstKey && <PageSkipLink targetId={FIRST_FLAG_ID} label={translate('partnerForms.review.skipTo')} testId="skip-to-review" />}
        <Typography id="review-form-title" variant="h6" component="h2">
          {translate('partnerForms.review.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {translate('partnerForms.review.intro')}
        </Typography>
        <Stack spacing={3}>
          {sections.map((section) => {
            const questions = questionsOf(section);
            if (!questions.length) return null;
            return (
              <Box key={section.key} component="section" aria-labelledby={`review-section-${section.key}`}>
                <Typography id={`review-section-${section.key}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                  {section.title}
                </Typography>
                <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {questions.map(({ question, value }) => (
                    <ReviewQuestion
                      key={question.key}
                      question={question}
                      flagId={question.key === firstKey ? FIRST_FLAG_ID : undefined}
                      answer={<ReviewAnswer question={question} value={value} openFile={openFile} />}
                      before={Object.hasOwn(lastChanges, question.key) ? answerLine(lastChanges[question.key].before, translate, question, locale) : undefined}
                      decision={decisions[question.key]}
                      problem={tried ? problemOf(decisions[question.key]) : null}
                      onChange={(change) => decide(question.key, change)}
                    />
                  ))}
                </Stack>
              </Box>
            );
          })}
          <TextField
            label={translate('partnerForms.review.note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: PARTNER_FORM_NOTE_MAX, 'data-testid': 'review-note-input' } }}
            helperText={translate('partnerForms.review.noteHelp')}
          />
          {tried && !flaggedKeys.length && (
            <Typography variant="body2" role="alert" sx={{ color: 'error.main' }}>
              {translate('partnerForms.review.flagOne')}
            </Typography>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Button
              variant="contained"
              color="warning"
              startIcon={<OutlinedFlag />}
              disabled={busy}
              onClick={() => void send('return')}
              data-testid="review-return"
            >
              {translate('partnerForms.review.return', { smart_count: flaggedKeys.length })}
            </Button>
            <Button
              variant="outlined"
              color="success"
              startIcon={<CheckCircleOutline />}
              disabled={busy || flaggedKeys.length > 0}
              onClick={() => void send('accept')}
              data-testid="review-accept"
            >
              {translate('partnerForms.review.accept')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

interface ReviewQuestionProps {
  question: FormQuestion;
  /** The Flag button's id, on the first question only. */
  flagId?: string;
  answer: ReactNode;
  /** The answer before the partner changed it in answer to the last round. */
  before?: string;
  decision: Decision | undefined;
  problem: string | null;
  onChange: (change: Partial<Decision>) => void;
}

/** One answer with its decision: two toggle buttons (Tab reaches them, Space or Enter chooses) and, when flagged, its comment. */
function ReviewQuestion({ question, flagId, answer, before, decision, problem, onChange }: ReviewQuestionProps) {
  const translate = useTranslate();
  const flagged = !!decision?.flagged;
  const labelId = `review-question-${question.key}`;
  return (
    <Box component="li" data-review-question={question.key} sx={{ borderLeft: 3, borderColor: flagged ? 'warning.main' : 'divider', pl: 1.5 }}>
      <Typography id={labelId} variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {question.label}
      </Typography>
      {answer}
      {before !== undefined && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', color: 'text.secondary', mt: -0.5, mb: 1 }} data-testid="review-question-before">
          {translate('partnerForms.review.changedFrom', { before })}
        </Typography>
      )}
      <ToggleButtonGroup
        exclusive
        size="small"
        value={flagged ? 'flagged' : 'accepted'}
        onChange={(_, value: 'accepted' | 'flagged' | null) => value && onChange({ flagged: value === 'flagged' })}
        aria-label={translate('partnerForms.review.decisionFor', { question: question.label })}
      >
        <ToggleButton value="accepted" sx={{ textTransform: 'none', gap: 0.5 }} data-testid="review-accept-question">
          <CheckCircleOutline fontSize="small" aria-hidden />
          {translate('partnerForms.review.acceptQuestion')}
        </ToggleButton>
        <ToggleButton id={flagId} value="flagged" sx={{ textTransform: 'none', gap: 0.5 }} data-testid="review-flag-question">
          <OutlinedFlag fontSize="small" aria-hidden />
          {translate('partnerForms.review.flagQuestion')}
        </ToggleButton>
      </ToggleButtonGroup>
      {flagged && (
        <TextField
          label={translate('partnerForms.review.comment')}
          value={decision.comment}
          onChange={(event) => onChange({ comment: event.target.value })}
          required
          fullWidth
          multiline
          minRows={2}
          size="small"
          sx={{ mt: 1 }}
          error={!!problem}
          helperText={problem ? translate(problem, { max: PARTNER_FORM_COMMENT_MAX }) : translate('partnerForms.review.commentHelp')}
          slotProps={{ htmlInput: { maxLength: PARTNER_FORM_COMMENT_MAX, 'aria-describedby': labelId, 'data-testid': 'review-comment' } }}
        />
      )}
    </Box>
  );
}

const STATE_COLOR = { returned: 'warning', resubmitted: 'info', accepted: 'success' } as const;

/** The rounds, newest first: who decided, when, the note, the flagged questions with comments, and what the partner changed. */
function ReviewRounds({
  partnerForm,
  sections,
  focus,
  onFocused,
}: {
  partnerForm: PartnerFormDto;
  sections: FormSection[];
  /** Move focus to the heading as soon as it shows (after a review is sent). */
  focus: boolean;
  onFocused: () => void;
}) {
  const translate = useTranslate();
  const { data: rounds, isError } = useQuery({
    queryKey: reviewRoundsKey(partnerForm.id),
    queryFn: ({ signal }) => fetchReviewRounds(partnerForm.id, signal),
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focus || !heading.current) return;
    heading.current.focus();
    onFocused();
  }, [focus, rounds, onFocused]);
  const questions = useMemo(() => new Map(placedQuestions(sections).map(({ question }) => [question.key, question])), [sections]);
  if (isError) return <Alert severity="error">{translate('partnerForms.review.historyFailed')}</Alert>;
  if (!rounds?.length) return null;
  const labelOf = (key: string) => {
    const cell = parseRowCellPath(key);
    const group = cell && questions.get(cell.groupKey);
    if (cell && group)
      return `${group.label} · ${translate('formFiller.rows.row', { row: cell.row + 1 })} · ${questions.get(cell.childKey)?.label ?? cell.childKey}`;
    return questions.get(key)?.label ?? key;
  };
  // In form order (a jsonb object's keys come back shortest first); keys the version lacks last.
  const order = [...questions.keys()];
  const inFormOrder = <T,>(entries: [string, T][]) =>
    [...entries].sort(([a], [b]) => (order.includes(a) ? order.indexOf(a) : order.length) - (order.includes(b) ? order.indexOf(b) : order.length));
  return (
    <Card variant="outlined" component="section" aria-labelledby="review-history-title" data-testid="review-history">
      <CardContent>
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography id="review-history-title" variant="h6" component="h2" ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
            {translate('partnerForms.review.history')}
          </Typography>
          {partnerForm.review && (
            <Chip
              size="small"
              variant="outlined"
              color={STATE_COLOR[partnerForm.review.state]}
              label={translate(`partnerForms.review.states.${partnerForm.review.state}`)}
              data-testid="review-state"
            />
          )}
        </Stack>
        <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rounds.map((round) => (
            <ReviewRound key={round.round} round={round} labelOf={labelOf} questionOf={(key) => questions.get(key)} inFormOrder={inFormOrder} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function ReviewRound({
  round,
  labelOf,
  questionOf,
  inFormOrder,
}: {
  round: PartnerFormReviewRoundDto;
  labelOf: (key: string) => string;
  questionOf: (key: string) => FormQuestion | undefined;
  inFormOrder: <T>(entries: [string, T][]) => [string, T][];
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const flags = inFormOrder(Object.entries(round.decisions)).flatMap(([key, decision]) =>
    decision.decision === 'flagged' ? [{ key, comment: decision.comment }] : [],
  );
  const changes = inFormOrder(Object.entries(round.changes ?? {}));
  return (
    <Box component="li" data-testid="review-round" data-round={round.round} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      <Typography variant="subtitle2" component="h3">
        {translate(`partnerForms.review.round.${round.outcome}`, { round: round.round, version: round.formVersionNumber })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {translate('partnerForms.review.round.by', { name: round.reviewerName ?? '—' })} · <DateTimeText value={round.createdAt} />
      </Typography>
      {round.note && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mt: 0.5 }}>{`${translate('partnerForms.review.note')}: ${round.note}`}</Typography>
      )}
      {flags.length > 0 && (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600, mt: 1 }}>
            {translate('partnerForms.review.round.flagged')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {flags.map(({ key, comment }) => (
              <Typography component="li" variant="body2" key={key} sx={{ overflowWrap: 'anywhere' }}>
                {`${labelOf(key)}: ${comment}`}
              </Typography>
            ))}
          </Box>
        </>
      )}
      {round.outcome === 'returned' && (
        <Typography variant="body2" sx={{ fontWeight: 600, mt: 1 }}>
          {round.resubmittedAt ? (
            <>
              {translate('partnerForms.review.round.resubmitted')} <DateTimeText value={round.resubmittedAt} />
            </>
          ) : (
            translate('partnerForms.review.round.waiting')
          )}
        </Typography>
      )}
      {round.resubmittedAt && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="review-changes">
          {changes.length === 0 && (
            <Typography component="li" variant="body2">
              {translate('partnerForms.review.round.noChanges')}
            </Typography>
          )}
          {changes.map(([key, change]) => (
            <Typography component="li" variant="body2" key={key} sx={{ overflowWrap: 'anywhere' }} data-testid="review-change">
              {`${labelOf(key)}: ${answerLine(change.before, translate, questionOf(key), locale)} → ${answerLine(change.after, translate, questionOf(key), locale)}`}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
