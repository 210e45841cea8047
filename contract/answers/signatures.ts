import type { RuleMessage } from '../schemas/messages';

/**
 * Signature answers (issue 40): a typed name, or a name with strokes drawn on a pad of a fixed size. A stroke is a
 * polyline of integer points written as SVG writes one ("12,30 14,31"), so a drawing is bounded text, never an image.
 * The server adds its stamp (who, when, from which address, which text) whenever the signature changes.
 */

export const SIGNATURE_KINDS = ['typed', 'drawn'] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

/** The signer's name, trimmed. */
export const SIGNATURE_NAME_MAX = 200;
/** The drawing pad's box: points are whole numbers 0..width × 0..height. */
export const SIGNATURE_PAD = { width: 600, height: 200 } as const;
export const SIGNATURE_STROKES_MAX = 40;
/** Points of a drawing in all, and of one stroke (the text of a stroke stays within any answer text's bound). */
export const SIGNATURE_POINTS_MAX = 2000;
export const SIGNATURE_STROKE_POINTS_MAX = 1000;
/** "600,200" and a space: the longest text of one point. */
const POINT_TEXT_MAX = 8;
/** The stamp's texts, far past what the server writes (a user's name and email, an IPv6 address). */
const STAMP_TEXT_MAX = 320;

/** What the signer gives: the browser sends this; a stamp sent with it is ignored. */
export type SignatureInput = { kind: 'typed'; name: string } | { kind: 'drawn'; name: string; strokes: string[] };

/** Who signed, when, from where and on which text: set by the server, never taken from a client. */
export interface SignatureStamp {
  /** ISO instant of the server's clock. */
  signedAt: string;
  signedBy: { userId: string; name: string; email: string };
  /** The request's address as the server saw it. */
  address: string;
  /** The form's version number and the first 8 hex digits of sha256 of the question's label and help (what the signer read). */
  textVersion: { number: number; hash: string };
}

/** A signature answer: stored with its stamp; in the browser before it is saved, without. */
export type SignatureAnswer = SignatureInput & Partial<SignatureStamp>;

const STAMP_KEYS = ['signedAt', 'signedBy', 'address', 'textVersion'] as const;
const INPUT_KEYS: Record<SignatureKind, readonly string[]> = { typed: ['kind', 'name'], drawn: ['kind', 'name', 'strokes'] };

// Control characters (C0, DEL, C1) and UTF-16 halves without their other half (in `u` mode a pair is one letter): never part of a name.
const UNWRITABLE = /[\p{Cc}\p{Cs}]/u;
const POINT = /^(0|[1-9][0-9]{0,2}),(0|[1-9][0-9]{0,2})$/;

const typeError: RuleMessage = { key: 'validation.typeError' };
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with a signer's name, or null: 1 to 200 characters once trimmed, no control characters, well-formed text. */
export function signatureNameError(name: unknown): RuleMessage | null {
  if (typeof name !== 'string') return typeError;
  const trimmed = name.trim();
  if (!trimmed) return { key: 'validation.signatureName' };
  if (name.length > SIGNATURE_NAME_MAX) return { key: 'validation.maxLength', values: { max: SIGNATURE_NAME_MAX } };
  return UNWRITABLE.test(name) ? { key: 'validation.invalidCharacters' } : null;
}

/** The points of one stroke's text, or null when it is not a polyline of whole numbers within the pad. */
export function strokePoints(stroke: unknown): [number, number][] | null {
  if (typeof stroke !== 'string' || stroke.length === 0 || stroke.length > SIGNATURE_STROKE_POINTS_MAX * POINT_TEXT_MAX) return null;
  const points: [number, number][] = [];
  for (const text of stroke.split(' ')) {
    const parts = POINT.exec(text);
    if (!parts) return null;
    const [x, y] = [Number(parts[1]), Number(parts[2])];
    if (x > SIGNATURE_PAD.width || y > SIGNATURE_PAD.height) return null;
    points.push([x, y]);
  }
  return points.length <= SIGNATURE_STROKE_POINTS_MAX ? points : null;
}

/** What is wrong with a drawing, or null: 1 to 40 strokes, 2,000 points in all, each a polyline within the pad. */
export function signatureStrokesError(strokes: unknown): RuleMessage | null {
  if (!Array.isArray(strokes) || strokes.length === 0) return { key: 'validation.signatureStrokes' };
  if (strokes.length > SIGNATURE_STROKES_MAX) return { key: 'validation.maxItems', values: { max: SIGNATURE_STROKES_MAX } };
  let total = 0;
  for (const stroke of strokes) {
    const points = strokePoints(stroke);
    if (!points) return { key: 'validation.signatureStrokes' };
    if ((total += points.length) > SIGNATURE_POINTS_MAX) return { key: 'validation.signaturePoints', values: { max: SIGNATURE_POINTS_MAX } };
  }
  return null;
}

/** Whether the stamp's fields, when present, are of their types and sizes (a client's stamp is dropped, but never stored unbounded). */
function stampShapeFine(value: Record<string, unknown>): boolean {
  const text = (item: unknown) => typeof item === 'string' && item.length <= STAMP_TEXT_MAX;
  const { signedAt, signedBy, address, textVersion } = value;
  if (signedAt !== undefined && !text(signedAt)) return false;
  if (address !== undefined && !text(address)) return false;
  if (signedBy !== undefined) {
    if (!isPlainObject(signedBy) || Object.keys(signedBy).length !== 3) return false;
    if (!text(signedBy.userId) || !text(signedBy.name) || !text(signedBy.email)) return false;
  }
  if (textVersion !== undefined) {
    if (!isPlainObject(textVersion) || Object.keys(textVersion).length !== 2) return false;
    if (!Number.isSafeInteger(textVersion.number) || !text(textVersion.hash)) return false;
  }
  return true;
}

/**
 * Whether a value is a signature the form may keep (null clears it): a kind, a name and, drawn, its strokes, all
 * within their bounds, and no other field but a stamp's. Checked in the browser and at Save Draft and Submit.
 */
export function signatureShapeError(value: unknown): RuleMessage | null {
  if (!isPlainObject(value)) return typeError;
  const kind = value.kind as SignatureKind;
  if (!(SIGNATURE_KINDS as readonly unknown[]).includes(kind)) return typeError;
  const allowed = [...INPUT_KEYS[kind], ...STAMP_KEYS];
  if (Object.keys(value).some((key) => !allowed.includes(key))) return typeError;
  if (!stampShapeFine(value)) return typeError;
  return signatureNameError(value.name) ?? (kind === 'drawn' ? signatureStrokesError(value.strokes) : null);
}

/** A well-shaped signature value (see signatureShapeError). */
export const isSignatureAnswer = (value: unknown): value is SignatureAnswer => signatureShapeError(value) === null;

/** What the signer gave, without any stamp, the name trimmed. */
export function signatureInputOf(value: SignatureAnswer): SignatureInput {
  const name = value.name.trim();
  return value.kind === 'drawn' ? { kind: 'drawn', name, strokes: [...value.strokes] } : { kind: 'typed', name };
}

/** Whether two signatures are the same act of signing: same kind, name (trimmed) and strokes. */
export function sameSignature(a: SignatureAnswer, b: SignatureAnswer): boolean {
  if (a.kind !== b.kind || a.name.trim() !== b.name.trim()) return false;
  if (a.kind === 'typed' || b.kind === 'typed') return true;
  return a.strokes.length === b.strokes.length && a.strokes.every((stroke, index) => stroke === b.strokes[index]);
}

/** The stamp of a stored signature, or null when it has none (not saved yet). */
export function signatureStampOf(value: SignatureAnswer): SignatureStamp | null {
  const { signedAt, signedBy, address, textVersion } = value;
  return signedAt && signedBy && address !== undefined && textVersion ? { signedAt, signedBy, address, textVersion } : null;
}

/** A drawing's strokes as points, for drawing them (an unreadable stroke is left out). */
export const signatureStrokePoints = (strokes: readonly string[]): [number, number][][] =>
  strokes.map(strokePoints).filter((points): points is [number, number][] => points !== null);

/** Points as the text of one stroke. */
export const strokeText = (points: readonly (readonly [number, number])[]) => points.map(([x, y]) => `${x},${y}`).join(' ');
