import { describe, expect, it } from 'vitest';
import {
  answerError,
  answerShapeError,
  formAnswerErrors,
  sameSignature,
  SIGNATURE_POINTS_MAX,
  SIGNATURE_STROKES_MAX,
  signatureInputOf,
  signatureShapeError,
  signatureStrokePoints,
} from '../../../contract/answers';
import { formStructureErrors } from '../../../contract/schemas/formDefinitions';
import { question, section, when } from '../../fixtures/formQuestions';

const signature = question('consent', 'signature', { required: true });
const stamp = {
  signedAt: '2026-12-04T10:00:00.000Z',
  signedBy: { userId: 'u1', name: 'Jane Doe', email: 'jane@example.com' },
  address: '203.0.113.5',
  textVersion: { number: 3, hash: 'abcd1234' },
};
const keyOf = (value: unknown) => (answerShapeError(signature, value) as { key: string } | null)?.key ?? null;

describe('signature answers', () => {
  it('accepts a typed name and a drawn signature within the pad, with or without a stamp', () => {
    expect(keyOf({ kind: 'typed', name: 'Jane Doe' })).toBeNull();
    expect(keyOf({ kind: 'typed', name: '  Nguyễn Văn An ' })).toBeNull();
    expect(keyOf({ kind: 'drawn', name: 'Jane Doe', strokes: ['0,0 600,200', '300,100'] })).toBeNull();
    expect(keyOf({ kind: 'typed', name: 'Jane Doe', ...stamp })).toBeNull();
  });

  it('refuses a name that is empty, blank, over 200 characters, or holds a NUL, a control character or a lone surrogate', () => {
    expect(keyOf({ kind: 'typed', name: '' })).toBe('validation.signatureName');
    expect(keyOf({ kind: 'typed', name: ' \t ' })).toBe('validation.signatureName');
    expect(keyOf({ kind: 'typed', name: 'J'.repeat(201) })).toBe('validation.maxLength');
    expect(keyOf({ kind: 'typed', name: 'J'.repeat(200) })).toBeNull();
    expect(keyOf({ kind: 'typed', name: 'Jane\u0000Doe' })).toBe('validation.invalidCharacters');
    expect(keyOf({ kind: 'typed', name: 'Jane\u001bDoe' })).toBe('validation.invalidCharacters');
    expect(keyOf({ kind: 'typed', name: 'Jane \ud800' })).toBe('validation.invalidCharacters');
    expect(keyOf({ kind: 'typed', name: '\udc00 Jane' })).toBe('validation.invalidCharacters');
    expect(keyOf({ kind: 'typed', name: 'Jane 😀' })).toBeNull();
    expect(keyOf({ kind: 'typed', name: 42 })).toBe('validation.typeError');
  });

  it('refuses strokes outside the pad, not whole numbers, NaN, empty, or past 40 strokes and 2,000 points', () => {
    const drawn = (strokes: unknown) => keyOf({ kind: 'drawn', name: 'Jane', strokes });
    expect(drawn([])).toBe('validation.signatureStrokes');
    expect(drawn(undefined)).toBe('validation.signatureStrokes');
    expect(drawn(['601,10'])).toBe('validation.signatureStrokes');
    expect(drawn(['10,201'])).toBe('validation.signatureStrokes');
    expect(drawn(['-1,10'])).toBe('validation.signatureStrokes');
    expect(drawn(['1.5,10'])).toBe('validation.signatureStrokes');
    expect(drawn(['NaN,10'])).toBe('validation.signatureStrokes');
    expect(drawn(['1e2,10'])).toBe('validation.signatureStrokes');
    expect(drawn(['10,10  20,20'])).toBe('validation.signatureStrokes');
    expect(drawn([''])).toBe('validation.signatureStrokes');
    expect(drawn([[10, 10]])).toBe('validation.signatureStrokes');
    expect(drawn(['10,10\u000020,20'])).toBe('validation.signatureStrokes');
    expect(drawn(Array.from({ length: SIGNATURE_STROKES_MAX + 1 }, () => '1,1'))).toBe('validation.maxItems');
    const points = (count: number) => Array.from({ length: count }, (_, index) => `${index % 600},${index % 200}`).join(' ');
    expect(drawn([points(1000), points(1000)])).toBeNull();
    expect(drawn([points(1000), points(1000), '1,1'])).toBe('validation.signaturePoints');
    expect(drawn([points(1001)])).toBe('validation.signatureStrokes');
    expect(drawn(['1,1 '.repeat(100_000)])).toBe('validation.signatureStrokes');
    expect(SIGNATURE_POINTS_MAX).toBe(2000);
  });

  it('refuses other kinds, other fields, a strokes field on a typed name and a stamp of the wrong shape', () => {
    expect(keyOf('Jane Doe')).toBe('validation.typeError');
    expect(keyOf({ kind: 'image', name: 'Jane', data: 'data:image/png;base64,AAAA' })).toBe('validation.typeError');
    expect(keyOf({ kind: 'typed', name: 'Jane', image: 'x' })).toBe('validation.typeError');
    expect(keyOf({ kind: 'typed', name: 'Jane', strokes: ['1,1'] })).toBe('validation.typeError');
    expect(keyOf({ kind: 'typed', name: 'Jane', signedBy: 'me' })).toBe('validation.typeError');
    expect(keyOf({ kind: 'typed', name: 'Jane', signedAt: 'x'.repeat(10_000) })).toBe('validation.typeError');
    expect(keyOf({ kind: 'typed', name: 'Jane', textVersion: { number: Number.NaN, hash: 'x' } })).toBe('validation.typeError');
    expect(keyOf(['typed', 'Jane'])).toBe('validation.typeError');
  });

  it('a required signature must be signed at Submit; an unsigned optional one passes', () => {
    expect(answerError(signature, undefined)).toEqual({ key: 'validation.required' });
    expect(answerError(signature, { kind: 'typed', name: 'Jane' })).toBeNull();
    expect(answerError({ ...signature, required: false }, undefined)).toBeNull();
    const sections = [section('s', [signature])];
    expect(formAnswerErrors(sections, {}).map((error) => error.field)).toEqual(['consent']);
  });

  it('the same kind, name and strokes is the same signature whatever the stamp; the input drops the stamp and trims the name', () => {
    expect(sameSignature({ kind: 'typed', name: 'Jane ', ...stamp }, { kind: 'typed', name: 'Jane' })).toBe(true);
    expect(sameSignature({ kind: 'typed', name: 'Jane' }, { kind: 'typed', name: 'Janet' })).toBe(false);
    expect(sameSignature({ kind: 'typed', name: 'Jane' }, { kind: 'drawn', name: 'Jane', strokes: ['1,1'] })).toBe(false);
    expect(sameSignature({ kind: 'drawn', name: 'Jane', strokes: ['1,1'] }, { kind: 'drawn', name: 'Jane', strokes: ['1,2'] })).toBe(false);
    expect(signatureInputOf({ kind: 'drawn', name: ' Jane ', strokes: ['1,1'], ...stamp })).toEqual({ kind: 'drawn', name: 'Jane', strokes: ['1,1'] });
    expect(signatureStrokePoints(['1,2 3,4', 'bad'])).toEqual([
      [
        [1, 2],
        [3, 4],
      ],
    ]);
  });

  it('the builder refuses a condition on a signature question', () => {
    const errors = formStructureErrors(
      [section('s', [question('consent', 'signature'), question('after', 'text', { condition: when('consent', 'isNot', '') })])],
      null,
    );
    expect(errors).toEqual([{ field: 'sections[0].questions[1].condition.questionKey', message: 'formDefinitionsApi.conditionOnSignature' }]);
    expect(signatureShapeError(null)).toEqual({ key: 'validation.typeError' });
  });
});
