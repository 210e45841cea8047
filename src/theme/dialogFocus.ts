/** What a person types into or chooses from: the fields a form dialog's focus should start on. */
const FIELD = [
  'input:not([type="hidden"]):not([disabled]):not([readonly])',
  'textarea:not([disabled]):not([readonly])',
  'select:not([disabled])',
  '[contenteditable="true"]',
].join(', ');

/** A field a person reaches: not hidden, not taken out of the tab order (MUI Select's native input is both). */
const isReachable = (element: HTMLElement) => !element.closest('[hidden], [aria-hidden="true"]') && element.getAttribute('tabindex') !== '-1';

/**
 * Once a dialog has opened (its transition's onEntered), moves the focus from the dialog's frame, where MUI's
 * focus trap puts it, to its first field, so a keyboard starts typing at once. A focus a dialog chose itself
 * (an autoFocus field or button) is left alone, and a dialog without fields keeps it on its frame.
 */
export function focusFirstField(dialog: HTMLElement) {
  const active = document.activeElement as HTMLElement | null;
  // Focus elsewhere (a menu opened from the dialog, a field clicked before the opening ended) is a person's: left alone.
  const onFrame = !active || active === document.body || (dialog.contains(active) && active.getAttribute('tabindex') === '-1');
  if (!onFrame) return;
  [...dialog.querySelectorAll<HTMLElement>(FIELD)].find(isReachable)?.focus();
}
