import { createContext } from 'react';
import { PRERENDERED_ID } from './prerenderedPage';

/** The sign-in layout's root (AuthLayout), in the prerendered copy and in the app alike: focus is matched inside it. */
export const AUTH_LAYOUT_ATTRIBUTE = 'data-auth-layout';

/** True while the build renders the sign-in screen to static HTML: the form must not be usable before the app runs. */
export const Prerendering = createContext(false);

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** Whether the page still shows the prerendered sign-in screen (never, when rendering in Node). */
export function hasPrerendered(): boolean {
  return typeof document !== 'undefined' && document.getElementById(PRERENDERED_ID) !== null;
}

export function dropPrerendered() {
  document.getElementById(PRERENDERED_ID)?.remove();
}

type Caret = [start: number, end: number, direction: 'forward' | 'backward' | 'none'];

function caretOf(element: Element | null): Caret | null {
  if (!(element instanceof HTMLInputElement) || element.selectionStart === null) return null;
  return [element.selectionStart, element.selectionEnd ?? element.selectionStart, element.selectionDirection ?? 'none'];
}

/**
 * Puts the caret where it was. Email inputs hide their selection from scripts (and lose it when their type changes):
 * there the caret goes to the end, where the person was most likely typing, as setting a focused input's value does.
 */
function placeCaret(element: Element, caret: Caret | null) {
  if (!(element instanceof HTMLInputElement)) return;
  if (caret && element.selectionStart !== null) return element.setSelectionRange(...caret);
  const { value } = element;
  element.value = '';
  element.value = value;
}

/**
 * Hands the prerendered sign-in form over to the app's: what the person typed goes into the app's inputs, focus and
 * caret move to the same place, and the prerendered copy goes (which shows #root). Returns the values typed, by field
 * name, for the form's state; null when there was no prerendered copy.
 */
export function takeOverPrerendered(form: HTMLFormElement): Record<string, string> | null {
  const container = document.getElementById(PRERENDERED_ID);
  if (!container) return null;
  const typed: Record<string, string> = {};
  for (const input of container.querySelectorAll<HTMLInputElement>('form input[name]')) {
    const target = form.elements.namedItem(input.name);
    if (!(target instanceof HTMLInputElement)) continue;
    if (input.type === 'checkbox' || input.type === 'radio') target.checked = input.checked;
    else typed[input.name] = target.value = input.value;
  }
  const active = document.activeElement;
  const index = active && container.contains(active) ? [...container.querySelectorAll(FOCUSABLE)].indexOf(active) : -1;
  const caret = caretOf(active);
  container.remove();
  const layout = form.closest(`[${AUTH_LAYOUT_ATTRIBUTE}]`) ?? form;
  const counterpart = index >= 0 ? layout.querySelectorAll<HTMLElement>(FOCUSABLE)[index] : undefined;
  if (counterpart) {
    counterpart.focus();
    placeCaret(counterpart, caret);
  }
  return typed;
}
