import type { AnswerValue, Answers, PartnerFormSectionDto } from '../../../contract/forms';
import type { RuleMessage } from '../../../contract/schemas/messages';
import { ApiError } from '../../providers/http';
import type { UnsentAnswersStore } from './unsentAnswers';

/** How long after the last change the draft saves itself. */
export const AUTOSAVE_MS = 3000;

/**
 * saved: the server holds every answer; unsent: changes wait for the autosave; saving: on their way; offline: the
 * server was not reached (kept on this device, sent when back); failed: the server refused them.
 */
export type SaveState = 'saved' | 'unsent' | 'saving' | 'offline' | 'failed';

export interface DraftSnapshot {
  /** The server's answers with the unsent ones over them: what the partner sees. */
  answers: Answers;
  saveState: SaveState;
  /** The server's last answer to a save (per-section completeness, status). */
  lastSaved: PartnerFormSectionDto | null;
  /** The server's refusal of the last save. */
  failure: ApiError | null;
  /** The server's complaints by question key (a refused save or Submit), each dropped when its answer changes. */
  fieldErrors: ReadonlyMap<string, RuleMessage | string>;
}

export interface AnswerDraftOptions {
  store: UnsentAnswersStore;
  /** PUT the answers (merged by key on the server) to the section on screen and answer it as saved. */
  send: (answers: Answers, sectionKey: string) => Promise<PartnerFormSectionDto>;
  sectionKey: string;
  autosaveMs?: number;
}

const overlay = (server: Answers, unsent: ReadonlyMap<string, AnswerValue>): Answers => ({ ...server, ...Object.fromEntries(unsent) });

/**
 * A partner form's answers between the partner and the server: every change is kept locally at once and sent a
 * few seconds after the last one (or at once by `flush`: Save Draft, leaving, coming back online). A change made
 * while a save is on its way stays unsent until the next. Answers live in Maps and plain own keys, so a question
 * keyed `__proto__` is a key like any other.
 */
export function createAnswerDraft({ store, send, sectionKey, autosaveMs = AUTOSAVE_MS }: AnswerDraftOptions) {
  let target = sectionKey;
  let server: Answers = {};
  let unsent = new Map<string, AnswerValue>();
  let snapshot: DraftSnapshot = { answers: {}, saveState: 'saved', lastSaved: null, failure: null, fieldErrors: new Map() };
  let sending: Promise<boolean> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const publish = (changes: Partial<DraftSnapshot>) => {
    snapshot = { ...snapshot, ...changes };
    listeners.forEach((listener) => listener());
  };

  async function sendUnsent(): Promise<boolean> {
    const batch = new Map(unsent);
    publish({ saveState: 'saving' });
    try {
      const saved = await send(Object.fromEntries(batch), target);
      for (const [key, value] of batch) if (unsent.has(key) && unsent.get(key) === value) unsent.delete(key);
      store.forget(batch);
      server = saved.answers ?? {};
      publish({ answers: overlay(server, unsent), saveState: unsent.size ? 'unsent' : 'saved', lastSaved: saved, failure: null });
      return unsent.size === 0;
    } catch (error) {
      const failure = error instanceof ApiError && error.kind !== 'network' ? error : null;
      const fieldErrors = new Map(failure?.envelope?.errors?.map(({ field, message }) => [field, message]) ?? []);
      publish({ saveState: failure ? 'failed' : 'offline', failure, ...(fieldErrors.size ? { fieldErrors } : {}) });
      return false;
    }
  }

  /** Sends what is unsent now (after a save on its way, if any); true once the server holds everything. */
  async function flush(): Promise<boolean> {
    clearTimeout(timer);
    timer = undefined;
    while (sending) await sending;
    if (unsent.size === 0) return true;
    sending = sendUnsent().finally(() => (sending = null));
    return sending;
  }

  return {
    /**
     * The loaded answers; answers left unsent by an earlier visit (of questions this form has) go over them and
     * are sent. A form that is not open leaves them stored, untouched, for when it is reopened.
     */
    start(answers: Answers, keep: (key: string, value: AnswerValue) => boolean, { restore = true } = {}) {
      server = answers;
      if (restore) {
        unsent = new Map([...store.read()].filter(([key, value]) => keep(key, value)));
        store.write(unsent);
      }
      publish({ answers: overlay(server, unsent), saveState: unsent.size ? 'unsent' : 'saved' });
      return unsent.size > 0;
    },
    /** Later saves go to this section (the one on screen). */
    aim(sectionKey: string) {
      target = sectionKey;
    },
    change(key: string, value: AnswerValue) {
      unsent.set(key, value);
      store.write(unsent);
      const fieldErrors = snapshot.fieldErrors.has(key) ? new Map([...snapshot.fieldErrors].filter(([field]) => field !== key)) : snapshot.fieldErrors;
      publish({ answers: { ...snapshot.answers, [key]: value }, saveState: sending ? snapshot.saveState : 'unsent', fieldErrors });
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), autosaveMs);
    },
    flush,
    /** The server's field errors of a refused Submit, shown beside their questions until changed. */
    refuse(fieldErrors: ReadonlyMap<string, RuleMessage | string>) {
      publish({ fieldErrors });
    },
    /** The unsent answers, for a Submit to carry. */
    unsentAnswers: (): Answers => Object.fromEntries(unsent),
    /** After a Submit the server holds everything: nothing is unsent any more. */
    settle(answers: Answers) {
      clearTimeout(timer);
      unsent = new Map();
      store.write(unsent);
      server = answers;
      publish({ answers: server, saveState: 'saved', failure: null, fieldErrors: new Map() });
    },
    hasUnsent: () => unsent.size > 0,
    stop: () => clearTimeout(timer),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
}

export type AnswerDraft = ReturnType<typeof createAnswerDraft>;
