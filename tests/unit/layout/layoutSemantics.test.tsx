import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOAD, renderApp } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

/** The signed-in shell at /partners (jsdom is narrow: the navigation is a drawer until opened). */
async function renderShell() {
  signInAs('admin');
  renderApp('/partners');
  await screen.findByTestId('entity-screen-partners', {}, LOAD);
}

/** The navigation drawer opened, its Administration group expanded. */
async function openNavigation() {
  const user = userEvent.setup();
  await user.click(screen.getByTestId('open-nav'));
  await user.click(await screen.findByTestId('nav-group-administration'));
  return within(screen.getByTestId('side-nav'));
}

// The whole app renders in each test: on a busy machine that takes longer than the default 5 s.
describe('the layout as assistive technology reads it', { timeout: 30_000 }, () => {
  it('puts every navigation link and group in a list item, never straight in the list', async () => {
    await renderShell();
    const nav = await openNavigation();
    const lists = nav.getAllByRole('list');
    expect(lists.length).toBeGreaterThan(1);
    for (const list of lists) {
      for (const child of Array.from(list.children)) {
        if (child.tagName === 'HR') continue;
        expect(child.tagName, child.outerHTML.slice(0, 80)).toBe('LI');
      }
    }
    for (const link of nav.getAllByRole('link').filter((a) => a.dataset.testid?.startsWith('nav-'))) {
      expect(link.closest('li'), link.dataset.testid).not.toBeNull();
    }
  });

  it('names the navigation drawer as a dialog, and the navigation inside it', async () => {
    await renderShell();
    await openNavigation();
    expect(screen.getByRole('dialog', { name: 'Main navigation' })).toContainElement(screen.getByTestId('side-nav'));
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBe(screen.getByTestId('side-nav'));
  });

  it('offers "Skip to main content" at the first Tab and moves the focus to the main content', async () => {
    const user = userEvent.setup();
    await renderShell();
    (document.activeElement as HTMLElement | null)?.blur();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    await user.tab();
    await waitFor(() => expect(main.contains(document.activeElement)).toBe(true));
  });
});
