import type { AnswerValue, Answers } from '../../../contract/forms';

/**
 * Answers typed but not yet acknowledged by the server, kept in localStorage per user and partner form: a reload,
 * a lost connection or a closed tab loses nothing, and the next load sends them.
 */
const storageKeyOf = (userId: string, partnerFormId: string) => `portal.formAnswers.${userId}.${partnerFormId}`;

export interface UnsentAnswersStore {
  read(): Map<string, AnswerValue>;
  write(answers: ReadonlyMap<string, AnswerValue>): void;
  /**
   * Drops the answers the server acknowledged from what is stored now, not from what this page last wrote: a save
   * that lands after its page went (or in another tab) leaves answers written since in place.
   */
  forget(acknowledged: ReadonlyMap<string, AnswerValue>): void;
}

export function unsentAnswersStore(userId: string, partnerFormId: string): UnsentAnswersStore {
  const key = storageKeyOf(userId, partnerFormId);
  const store: UnsentAnswersStore = {
    read() {
      try {
        const stored: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
        const answers = (stored as { answers?: unknown } | null)?.answers;
        if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) return new Map();
        return new Map(Object.entries(answers as Answers));
      } catch {
        return new Map();
      }
    },
    write(answers) {
      try {
        if (answers.size === 0) localStorage.removeItem(key);
        else localStorage.setItem(key, JSON.stringify({ answers: Object.fromEntries(answers), savedAt: new Date().toISOString() }));
      } catch {
        // A full or blocked storage: the answers stay in memory and go with the next save.
      }
    },
    forget(acknowledged) {
      const stored = store.read();
      for (const [key, value] of acknowledged) {
        if (stored.has(key) && JSON.stringify(stored.get(key)) === JSON.stringify(value)) stored.delete(key);
      }
      store.write(stored);
    },
  };
  return store;
}
