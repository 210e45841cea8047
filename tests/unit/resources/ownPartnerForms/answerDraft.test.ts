import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerValue, Answers, PartnerFormSectionDto } from '../../../../contract/forms';
import { ApiError } from '../../../../src/providers/http';
import { AUTOSAVE_MS, createAnswerDraft } from '../../../../src/resources/ownPartnerForms/answerDraft';
import type { UnsentAnswersStore } from '../../../../src/resources/ownPartnerForms/unsentAnswers';

const savedSection = (answers: Answers) => ({ answers, status: 'OPEN', sections: [] }) as unknown as PartnerFormSectionDto;

function memoryStore(initial: Record<string, AnswerValue> = {}) {
  let kept = new Map(Object.entries(initial));
  const store: UnsentAnswersStore = {
    read: () => new Map(kept),
    write: (answers) => void (kept = new Map(answers)),
    forget: (acknowledged) => acknowledged.forEach((value, key) => kept.get(key) === value && kept.delete(key)),
  };
  return { store, kept: () => Object.fromEntries(kept) };
}

/** A draft whose saves wait until the test answers them, so their order is the test's. */
function draftWithManualSaves(initial?: Record<string, AnswerValue>) {
  const memory = memoryStore(initial);
  const calls: { answers: Answers; sectionKey: string; resolve: (dto: PartnerFormSectionDto) => void; reject: (error: unknown) => void }[] = [];
  let server: Answers = {};
  const draft = createAnswerDraft({
    store: memory.store,
    sectionKey: 'company',
    send: (answers, sectionKey) =>
      new Promise((resolve, reject) => {
        calls.push({ answers, sectionKey, resolve, reject });
      }),
  });
  const answerCall = (index: number) => {
    server = { ...server, ...calls[index].answers };
    calls[index].resolve(savedSection(server));
  };
  return { draft, calls, answerCall, kept: memory.kept };
}

describe("a partner form's draft", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once, a few seconds after the last of several changes, to the section on screen', async () => {
    const { draft, calls, answerCall, kept } = draftWithManualSaves();
    draft.start({}, () => true);
    draft.change('name', 'A');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 1);
    draft.change('name', 'Acme');
    draft.aim('bank');
    expect(kept()).toEqual({ name: 'Acme' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map(({ answers, sectionKey }) => ({ answers, sectionKey }))).toEqual([{ answers: { name: 'Acme' }, sectionKey: 'bank' }]);
    answerCall(0);
    await vi.waitFor(() => expect(draft.getSnapshot().saveState).toBe('saved'));
    expect(kept()).toEqual({});
  });

  it('keeps a change made while a save is on its way, and sends it next', async () => {
    const { draft, calls, answerCall, kept } = draftWithManualSaves();
    draft.start({}, () => true);
    draft.change('name', 'Acme');
    const first = draft.flush();
    draft.change('name', 'Acme Ltd');
    answerCall(0);
    expect(await first).toBe(false);
    expect(draft.getSnapshot().answers.name).toBe('Acme Ltd');
    expect(kept()).toEqual({ name: 'Acme Ltd' });
    const second = draft.flush();
    answerCall(1);
    expect(await second).toBe(true);
    expect(calls.map(({ answers }) => answers)).toEqual([{ name: 'Acme' }, { name: 'Acme Ltd' }]);
  });

  it('keeps everything locally when the server is not reached, and says it is offline', async () => {
    const { draft, calls, kept } = draftWithManualSaves();
    draft.start({ name: 'Old' }, () => true);
    draft.change('tax', '123');
    const flushed = draft.flush();
    calls[0].reject(new ApiError('Error when connect to server', 0, { kind: 'network' }));
    expect(await flushed).toBe(false);
    expect(draft.getSnapshot()).toMatchObject({ saveState: 'offline', answers: { name: 'Old', tax: '123' } });
    expect(kept()).toEqual({ tax: '123' });
  });

  it('brings back the answers an earlier visit left unsent that the form still takes', () => {
    const { draft, kept } = draftWithManualSaves({ name: 'Typed offline', gone: 'x' });
    expect(draft.start({ name: 'Saved', tax: '1' }, (key) => key !== 'gone')).toBe(true);
    expect(draft.getSnapshot().answers).toEqual({ name: 'Typed offline', tax: '1' });
    expect(kept()).toEqual({ name: 'Typed offline' });
  });

  it('treats a question keyed __proto__ as a key like any other', () => {
    const { draft } = draftWithManualSaves();
    draft.start({}, () => true);
    draft.change('__proto__', 'plain');
    expect(Object.hasOwn(draft.getSnapshot().answers, '__proto__')).toBe(true);
    expect(draft.unsentAnswers()).toEqual(JSON.parse('{"__proto__":"plain"}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
