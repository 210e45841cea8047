import { createContext, useContext } from 'react';
import type { FormSection } from '../../../../contract/forms';
import type { EditorErrors } from './editorErrors';
import type { Removed } from './sectionsDraft';

/**
 * What every part of the section editor reads and changes. It stays the same object while the user types,
 * so memoised sections and questions render again only when their own part of the draft changes.
 */
export interface SectionsEditing {
  readOnly: boolean;
  errors: EditorErrors;
  /** Keys the server holds for this version: they no longer change (answers are carried by them). */
  savedKeys: ReadonlySet<string>;
  /** Applies a change to the draft and clears the errors of the fields it names. */
  change: (update: (sections: FormSection[]) => FormSection[], clears?: string[]) => void;
  /** Removes a question or section, offering to undo it. */
  remove: (removed: Removed) => void;
  /** The translated error of a field, if any. */
  errorText: (field: string) => string | undefined;
  /** Asks that a question just added take focus when it appears (and only then: not when it remounts). */
  requestFocus: (key: string) => void;
  /** Whether focus was asked for this question; answers true once. */
  takeFocusRequest: (key: string) => boolean;
}

/** Focus requests of new questions, kept outside React state: they change nothing on screen. */
export function createFocusRequests() {
  const keys = new Set<string>();
  return { requestFocus: (key: string) => void keys.add(key), takeFocusRequest: (key: string) => keys.delete(key) };
}

export const SectionsEditingContext = createContext<SectionsEditing | null>(null);

/** The whole draft, for the few parts that look beyond their own question (conditions, keys). */
export const DraftSectionsContext = createContext<FormSection[]>([]);

export function useSectionsEditing(): SectionsEditing {
  const editing = useContext(SectionsEditingContext);
  if (!editing) throw new Error('useSectionsEditing needs a SectionsEditingContext');
  return editing;
}

export const useDraftSections = () => useContext(DraftSectionsContext);
