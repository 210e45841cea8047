import type { AnswerValue, Answers } from '../../../contract/forms';

/**
 * Answers typed but not yet acknowledged by the server, kept in localStorage per user and partner form: a reload,
 * a lost connection or a closed tab loses nothing, and the next load sends them.
 */
const storageKeyOf = (userId: string, partnerFormId: string) => `portal.formAnswers.${userId}.${partnerFormId}`;

export interface UnsentAnswersStore {
  read(): Map<string, AnswerValue>;
  write(answers: ReadonlyMap<string, AnswerValue>): void;
}

export function unsentAnswersStore(userId: string, partnerFormId: string): UnsentAnswersStore {
  const key = storageKeyOf(userId, partnerFormId);
  return {
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
  };
}
