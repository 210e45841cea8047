import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  sameSignature,
  SIGNATURE_NAME_MAX,
  SIGNATURE_PAD,
  SIGNATURE_POINTS_MAX,
  SIGNATURE_STROKE_POINTS_MAX,
  SIGNATURE_STROKES_MAX,
  signatureStampOf,
  signatureStrokePoints,
  strokeText,
  type SignatureAnswer,
  type SignatureKind,
} from '../../../contract/answers';
import { QuestionHelper } from './QuestionHelper';
import { useQuestionLocale, useQuestionTexts } from './questionTexts';
import type { QuestionInputProps } from './questionTypes';

type Point = [number, number];

/** What the signer has given so far, as the answer it makes: null until there is a name (and, drawn, a stroke). */
function answerOf(kind: SignatureKind, name: string, strokes: string[]): SignatureAnswer | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  if (kind === 'typed') return { kind, name: trimmed };
  return strokes.length ? { kind, name: trimmed, strokes } : null;
}

const pointsIn = (strokes: readonly string[]) => signatureStrokePoints(strokes).reduce((total, points) => total + points.length, 0);

/** A point of the pad from a pointer's position over it, in whole numbers within the pad's box. */
function padPoint(pad: SVGSVGElement, event: ReactPointerEvent): Point {
  const box = pad.getBoundingClientRect();
  // A pad not laid out (no size) takes the pointer's position as it is.
  const scaleX = box.width ? SIGNATURE_PAD.width / box.width : 1;
  const scaleY = box.height ? SIGNATURE_PAD.height / box.height : 1;
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, Math.round(value)));
  return [clamp((event.clientX - box.left) * scaleX, SIGNATURE_PAD.width), clamp((event.clientY - box.top) * scaleY, SIGNATURE_PAD.height)];
}

/** Strokes as the pad draws them: a line through the points, a dot for a single one. */
function StrokeLines({ strokes }: { strokes: readonly (readonly Point[])[] }) {
  return strokes.map((points, index) =>
    points.length === 1 ? (
      <circle key={index} cx={points[0][0]} cy={points[0][1]} r={2} fill="currentColor" />
    ) : (
      <polyline key={index} points={strokeText(points)} fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" />
    ),
  );
}

/** "Signed by … on …" of a saved signature, in the reader's locale and time zone. */
function StampLine({ answer }: { answer: SignatureAnswer }) {
  const translate = useQuestionTexts();
  const locale = useQuestionLocale();
  const stamp = signatureStampOf(answer);
  const date = stamp ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(stamp.signedAt)) : '';
  return (
    <Typography variant="body2" color="text.secondary" data-signature-stamp={stamp ? 'signed' : 'unsaved'}>
      {stamp
        ? translate('formFiller.question.signature.signed', { name: stamp.signedBy.name || answer.name, date })
        : translate('formFiller.question.signature.unsaved')}
    </Typography>
  );
}

/** The drawn strokes or the typed name of a saved signature, as it reads. */
function SignatureView({ answer }: { answer: SignatureAnswer }) {
  const translate = useQuestionTexts();
  if (answer.kind === 'typed')
    return <Typography sx={{ fontFamily: '"Segoe Script", "Brush Script MT", cursive', fontStyle: 'italic', fontSize: '1.75rem' }}>{answer.name}</Typography>;
  return (
    <>
      <Box
        component="svg"
        role="img"
        aria-label={translate('formFiller.question.signature.drawn')}
        viewBox={`0 0 ${SIGNATURE_PAD.width} ${SIGNATURE_PAD.height}`}
        sx={{ width: '100%', maxWidth: 360, height: 'auto', color: 'primary.dark', borderBottom: 1, borderColor: 'divider' }}
      >
        <StrokeLines strokes={signatureStrokePoints(answer.strokes)} />
      </Box>
      <Typography>{answer.name}</Typography>
    </>
  );
}

/**
 * A signature: the signer types their name (the default, so a keyboard alone signs) or draws on a pad with a mouse,
 * a pen or a finger, with their name beside. A typed name is given when the field is left; each stroke when it
 * ends. The server stamps it when it is saved (who, when, from where, on which text), shown here afterwards.
 */
export function SignatureQuestion({ question, value, onAnswer, error, readOnly, inputId }: QuestionInputProps<SignatureAnswer>) {
  const translate = useQuestionTexts();
  const [kind, setKind] = useState<SignatureKind>(value?.kind ?? 'typed');
  const [name, setName] = useState(value?.name ?? '');
  const [strokes, setShownStrokes] = useState<string[]>(value?.kind === 'drawn' ? value.strokes : []);
  const [drawing, setShownDrawing] = useState<Point[] | null>(null);
  // Pointer events may come several to a render: each reads and writes the strokes here, the state only shows them.
  const pen = useRef({ strokes, drawing });
  const setStrokes = (next: string[]) => {
    pen.current.strokes = next;
    setShownStrokes(next);
  };
  const setDrawing = (next: Point[] | null) => {
    pen.current.drawing = next;
    setShownDrawing(next);
  };
  // What the answer held when last read: a new answer from outside (the server, another device) replaces the local one.
  const seen = useRef<SignatureAnswer | null>(value ?? null);
  useEffect(() => {
    if (!value || (seen.current && sameSignature(seen.current, value))) return;
    seen.current = value;
    setKind(value.kind);
    setName(value.name);
    setStrokes(value.kind === 'drawn' ? value.strokes : []);
  }, [value]);

  const give = (nextKind: SignatureKind, nextName: string, nextStrokes: string[]) => {
    const answer = answerOf(nextKind, nextName, nextStrokes);
    if (answer ? value && sameSignature(value, answer) : !value) return;
    seen.current = answer;
    onAnswer(question.key, answer);
  };

  const labelId = `${inputId}-label`;
  if (readOnly)
    return (
      <FormControl component="fieldset" fullWidth>
        <FormLabel component="legend" id={labelId}>
          {question.label}
        </FormLabel>
        {value ? <SignatureView answer={value} /> : null}
        {value && <StampLine answer={value} />}
      </FormControl>
    );

  const startStroke = (event: ReactPointerEvent<SVGSVGElement>) => {
    const drawn = pen.current.strokes;
    if (drawn.length >= SIGNATURE_STROKES_MAX || pointsIn(drawn) >= SIGNATURE_POINTS_MAX) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrawing([padPoint(event.currentTarget, event)]);
  };
  const extendStroke = (event: ReactPointerEvent<SVGSVGElement>) => {
    const current = pen.current.drawing;
    if (!current) return;
    const point = padPoint(event.currentTarget, event);
    const last = current[current.length - 1];
    const room = Math.min(SIGNATURE_STROKE_POINTS_MAX, SIGNATURE_POINTS_MAX - pointsIn(pen.current.strokes));
    if ((point[0] !== last[0] || point[1] !== last[1]) && current.length < room) setDrawing([...current, point]);
  };
  const endStroke = () => {
    const current = pen.current.drawing;
    if (!current) return;
    const next = [...pen.current.strokes, strokeText(current)];
    setDrawing(null);
    setStrokes(next);
    give('drawn', name, next);
  };

  const shown = drawing ? [...signatureStrokePoints(strokes), drawing] : signatureStrokePoints(strokes);
  return (
    <FormControl component="fieldset" error={error !== null} required={question.required} fullWidth aria-labelledby={labelId}>
      <FormLabel component="legend" id={labelId}>
        {question.label}
      </FormLabel>
      <RadioGroup
        row
        aria-label={translate('formFiller.question.signature.how')}
        value={kind}
        onChange={(event) => {
          const next = event.target.value as SignatureKind;
          setKind(next);
          give(next, name, strokes);
        }}
      >
        {(['typed', 'drawn'] as const).map((choice) => (
          <FormControlLabel key={choice} value={choice} control={<Radio />} label={translate(`formFiller.question.signature.${choice}`)} />
        ))}
      </RadioGroup>
      <TextField
        id={inputId}
        label={translate('formFiller.question.signature.name')}
        value={name}
        required={question.required}
        error={error !== null}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => give(kind, name, strokes)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            give(kind, name, strokes);
          }
        }}
        autoComplete="name"
        fullWidth
        slotProps={{
          htmlInput: { maxLength: SIGNATURE_NAME_MAX, 'aria-describedby': `${inputId}-helper` },
          input: kind === 'typed' ? { sx: { fontStyle: 'italic' } } : undefined,
        }}
        sx={{ mt: 1 }}
      />
      {kind === 'drawn' && (
        <Box sx={{ mt: 1 }}>
          <Box
            component="svg"
            role="img"
            aria-label={translate('formFiller.question.signature.pad')}
            data-signature-pad
            viewBox={`0 0 ${SIGNATURE_PAD.width} ${SIGNATURE_PAD.height}`}
            onPointerDown={startStroke}
            onPointerMove={extendStroke}
            onPointerUp={endStroke}
            onPointerCancel={endStroke}
            sx={{
              display: 'block',
              width: '100%',
              maxWidth: SIGNATURE_PAD.width,
              height: 'auto',
              touchAction: 'none',
              cursor: 'crosshair',
              color: 'primary.dark',
              border: 1,
              borderColor: error !== null ? 'error.main' : 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
            }}
          >
            <StrokeLines strokes={shown} />
          </Box>
          <Button
            size="small"
            disabled={!strokes.length}
            onClick={() => {
              setStrokes([]);
              give('drawn', name, []);
            }}
            sx={{ mt: 0.5 }}
          >
            {translate('formFiller.question.signature.clear')}
          </Button>
        </Box>
      )}
      {value && <StampLine answer={value} />}
      <FormHelperText component="div" id={`${inputId}-helper`}>
        <QuestionHelper help={question.help} error={error} />
      </FormHelperText>
    </FormControl>
  );
}
