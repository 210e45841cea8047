import { describe, expect, it } from 'vitest';
import type { FormQuestion, FormSection } from '../../../../contract/forms';
import { mergeRows, mergeVersions, type MergeSide, type VersionDraft } from '../../../../src/resources/formDefinitions/editor/versionMerge';
import { question, section } from './formsApiMock';

const fields = { name: 'Supplier onboarding', description: '', type: 'Onboarding', note: '' };
const draft = (sections: FormSection[], over: Partial<typeof fields> = {}): VersionDraft => ({ fields: { ...fields, ...over }, sections });
const keysOf = (sections: FormSection[]) =>
  sections.map((one) => `${one.key}: ${one.questions.map((q) => q.key + (q.children.length ? `(${q.children.map((c) => c.key).join(',')})` : '')).join(',')}`);
const find = (sections: FormSection[], key: string): FormQuestion | undefined =>
  sections.flatMap((one) => one.questions.flatMap((q) => [q, ...q.children])).find((q) => q.key === key);
const choices = (entries: Record<string, MergeSide>) => new Map(Object.entries(entries));

const iban = question('iban', 'text', { label: 'IBAN', required: true });
const city = question('city', 'text', { label: 'City' });
const colour = question('colour', 'select', { label: 'Colour' });
const base = draft([section('s1', [iban, city, colour], 'Bank')]);

describe('merging a draft with the version another admin saved meanwhile', () => {
  it('lists only what differs between mine and theirs, by key, with what each side did', () => {
    const mine = draft([section('s1', [{ ...iban, label: 'IBAN (mine)' }, city, question('vat', 'text', { label: 'VAT' })], 'Bank')]);
    const theirs = draft([section('s1', [{ ...iban, required: false }, city, colour, question('swift', 'text')], 'Bank details')], { note: 'Checked' });
    const rows = mergeRows(base, mine, theirs);
    expect(rows.map((row) => row.id)).toEqual(['field:note', 'section:s1', 'question:iban', 'question:vat', 'question:colour', 'question:swift']);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get('question:iban')).toMatchObject({ mineChange: 'changed', theirChange: 'changed', parts: ['label', 'required'], preferred: 'mine' });
    expect(byId.get('question:vat')).toMatchObject({ mineChange: 'added', theirChange: 'unchanged', theirs: null, preferred: 'mine' });
    // I removed colour, they kept it: mine is the change, so mine is preferred.
    expect(byId.get('question:colour')).toMatchObject({ mineChange: 'removed', theirChange: 'unchanged', mine: null, preferred: 'mine' });
    // Only they changed these: theirs is preferred.
    expect(byId.get('question:swift')).toMatchObject({ mineChange: 'unchanged', theirChange: 'added', preferred: 'theirs' });
    expect(byId.get('field:note')).toMatchObject({ mine: '', theirs: 'Checked', preferred: 'theirs' });
    expect(byId.get('section:s1')).toMatchObject({ theirChange: 'changed', preferred: 'theirs' });
  });

  it('keeps mine or takes theirs per question, and places what theirs added where they put it', () => {
    const mine = draft([section('s1', [{ ...iban, label: 'IBAN (mine)' }, city, question('vat', 'text')], 'Bank')]);
    const theirs = draft([section('s1', [{ ...iban, label: 'IBAN (theirs)', options: [] }, question('swift', 'text'), city, colour], 'Bank')]);
    const rows = mergeRows(base, mine, theirs);

    const preferred = mergeVersions(mine, theirs, rows, new Map());
    expect(keysOf(preferred.sections)).toEqual(['s1: iban,swift,city,vat']);
    expect(find(preferred.sections, 'iban')?.label).toBe('IBAN (mine)');

    const picked = mergeVersions(
      mine,
      theirs,
      rows,
      choices({ 'question:iban': 'theirs', 'question:vat': 'theirs', 'question:colour': 'theirs', 'question:swift': 'mine' }),
    );
    expect(keysOf(picked.sections)).toEqual(['s1: iban,city,colour']);
    expect(find(picked.sections, 'iban')?.label).toBe('IBAN (theirs)');
  });

  it("takes a group's own settings from theirs without losing the children kept from mine", () => {
    const group = question('bank', 'group', { label: 'Bank', children: [iban, city] });
    const start = draft([section('s1', [group])]);
    const mine = draft([section('s1', [{ ...group, children: [{ ...iban, help: 'Mine' }, city, question('bic', 'text')] }])]);
    const theirs = draft([section('s1', [{ ...group, label: 'Bank account', children: [iban, question('owner', 'text'), city] }])]);
    const rows = mergeRows(start, mine, theirs);
    const merged = mergeVersions(mine, theirs, rows, new Map());
    expect(keysOf(merged.sections)).toEqual(['s1: bank(iban,owner,city,bic)']);
    expect(find(merged.sections, 'bank')?.label).toBe('Bank account');
    expect(find(merged.sections, 'iban')?.help).toBe('Mine');
  });

  it('adds a section theirs added, with its questions, and drops one theirs removed when taken', () => {
    const mine = draft([section('s1', [iban, city, colour], 'Bank'), section('s2', [question('tax', 'text')], 'Tax')]);
    const theirs = draft([section('s0', [question('intro', 'yesNo')], 'Intro'), section('s1', [iban, city, colour], 'Bank')]);
    const start = draft([section('s1', [iban, city, colour], 'Bank'), section('s2', [question('tax', 'text')], 'Tax')]);
    const rows = mergeRows(start, mine, theirs);
    // Their removal of s2 (and its question) is theirs alone, so it is preferred; their new s0 too.
    const merged = mergeVersions(mine, theirs, rows, new Map());
    expect(keysOf(merged.sections)).toEqual(['s0: intro', 's1: iban,city,colour']);
    const kept = mergeVersions(mine, theirs, rows, choices({ 'section:s2': 'mine', 'question:tax': 'mine', 'section:s0': 'mine', 'question:intro': 'mine' }));
    expect(keysOf(kept.sections)).toEqual(['s1: iban,city,colour', 's2: tax']);
  });

  it('takes a form field from theirs and keeps mine otherwise', () => {
    const mine = draft(base.sections, { name: 'Mine', description: 'My words' });
    const theirs = draft(base.sections, { name: 'Theirs', note: 'Their note' });
    const rows = mergeRows(base, mine, theirs);
    expect(mergeVersions(mine, theirs, rows, choices({ 'field:name': 'theirs' })).fields).toEqual({
      ...fields,
      name: 'Theirs',
      description: 'My words',
      note: 'Their note',
    });
  });
});
