import { describe, expect, it } from 'vitest';
import { flaggedCountBySection, flaggedInFormOrder, steppedFlag } from '../../../../src/resources/ownPartnerForms/reviewFlags';
import { questionLabelled, section } from '../../../fixtures/formQuestions';

const question = questionLabelled((key) => `Label of ${key}`);
const sections = [
  section('company', [question('companyName', 'text'), question('taxNumber', 'text')], 'Company'),
  section('contact', [question('phone', 'text')], 'Contact'),
  section('bank', [question('bankName', 'text'), question('iban', 'text')], 'Bank'),
];
// A jsonb object's keys come back shortest first: the order of the flags is not the form's.
const review = { flags: { iban: { comment: 'Check the IBAN' }, toString: { comment: 'not a question' }, taxNumber: { comment: 'A digit is missing' } } };

describe('flagged questions of a returned review', () => {
  it('are listed in form order, keys the form lacks left out', () => {
    expect(flaggedInFormOrder(sections, review)).toEqual([
      { key: 'taxNumber', sectionKey: 'company', comment: 'A digit is missing' },
      { key: 'iban', sectionKey: 'bank', comment: 'Check the IBAN' },
    ]);
    expect(flaggedInFormOrder(sections, null)).toEqual([]);
  });

  it('are counted per section', () => {
    expect(flaggedCountBySection(flaggedInFormOrder(sections, review))).toEqual({ company: 1, bank: 1 });
  });

  it('step from one to the next across sections and wrap around', () => {
    const flagged = flaggedInFormOrder(sections, review);
    expect(steppedFlag(flagged, 'taxNumber', 1)?.key).toBe('iban');
    expect(steppedFlag(flagged, 'iban', 1)?.key).toBe('taxNumber');
    expect(steppedFlag(flagged, 'taxNumber', -1)?.key).toBe('iban');
    // From a section without a current flag: the next one at or after it, the previous one before it.
    expect(steppedFlag(flagged, null, 1, sections, 'contact')?.key).toBe('iban');
    expect(steppedFlag(flagged, null, -1, sections, 'contact')?.key).toBe('taxNumber');
    expect(steppedFlag([], null, 1)).toBeUndefined();
  });
});
