import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../../contract/http';
import AuthPages from '../../../src/auth/AuthPages';
import { PrerenderedSignInCleanup } from '../../../src/auth/prerender/PrerenderedSignInCleanup';
import { PRERENDERED_ID, signInPageHtml } from '../../../src/auth/prerender/prerenderedPage';
import { renderSignIn } from '../../../src/auth/prerender/renderSignIn';
import { languagePreference } from '../../../src/preferences/language';
import { themeModePreference } from '../../../src/preferences/themeMode';
import { PortalThemeProvider } from '../../../src/theme/PortalThemeProvider';
import { CurrentPath } from '../renderWithRouter';

const pageStyles: HTMLStyleElement[] = [];
const BASE_PAGE = '<!doctype html><html lang="en"><head><title>Partner Portal</title></head><body><div id="root"></div></body></html>';

/** The document as the server sends /sign-in: the prerendered screen beside an empty, hidden #root. */
function loadPrerenderedPage(language: Language = 'en') {
  const page = new DOMParser().parseFromString(signInPageHtml(BASE_PAGE, language, renderSignIn(language, 'light')), 'text/html');
  document.documentElement.lang = page.documentElement.lang;
  // Beside the app's emotion styles in <head>, which must stay where emotion put them.
  pageStyles.push(...[...page.head.querySelectorAll('style')].map((style) => document.head.appendChild(style)));
  document.body.innerHTML = page.body.innerHTML;
  // The render set the preferences in memory as the build does; the app reads what the person stored.
  localStorage.clear();
  languagePreference.set(language);
  themeModePreference.set('light');
  const prerendered = document.getElementById(PRERENDERED_ID) as HTMLElement;
  const root = document.getElementById('root') as HTMLElement;
  const field = (name: string) => prerendered.querySelector(`input[name="${name}"]`) as HTMLInputElement;
  return { prerendered, root, field };
}

/** The app starting in #root at /sign-in, as src/main.tsx mounts it. */
function startApp(root: HTMLElement) {
  return render(
    <MemoryRouter initialEntries={['/sign-in']}>
      <PortalThemeProvider>
        <PrerenderedSignInCleanup />
        <Routes>
          <Route path="/sign-in" element={<AuthPages />} />
          <Route path="*" element={<CurrentPath />} />
        </Routes>
      </PortalThemeProvider>
    </MemoryRouter>,
    { container: root },
  );
}

afterEach(() => {
  cleanup();
  pageStyles.splice(0).forEach((style) => style.remove());
  document.body.innerHTML = '';
});

describe('the prerendered sign-in screen', () => {
  it('is usable before the app runs, yet cannot submit: its button is disabled and the form posts', () => {
    const { prerendered, root, field } = loadPrerenderedPage();
    const form = prerendered.querySelector('form') as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.querySelector('button[type="submit"]')).toBeDisabled();
    expect(field('email')).toBeEnabled();
    expect(field('password')).toHaveAttribute('type', 'password');
    expect(prerendered.querySelector('a[href="/forgot-password"]')).toHaveTextContent('Forgot password?');
    expect(prerendered.querySelector('script')).toBeNull();
    expect(getComputedStyle(root).display).toBe('none');
  });

  it('is in the language of the page', () => {
    const { prerendered } = loadPrerenderedPage('vi');
    expect(document.documentElement.lang).toBe('vi');
    expect(prerendered.querySelector('button[type="submit"]')).toHaveTextContent('Đăng nhập');
  });

  it('hands what the person typed, the focus and the caret over to the app, then leaves and shows #root', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const { prerendered, root, field } = loadPrerenderedPage();
    await user.type(field('email'), 'admin@example.com');
    await user.type(field('password'), 'Portal@123');
    field('password').setSelectionRange(3, 3);

    startApp(root);

    expect(document.getElementById(PRERENDERED_ID)).toBeNull();
    expect(prerendered.isConnected).toBe(false);
    expect(getComputedStyle(root).display).not.toBe('none');
    const password = root.querySelector('input[name="password"]') as HTMLInputElement;
    expect(root.querySelector('input[name="email"]')).toHaveValue('admin@example.com');
    expect(password).toHaveValue('Portal@123');
    expect(password).toHaveFocus();
    expect([password.selectionStart, password.selectionEnd]).toEqual([3, 3]);
    // The app's form state holds the values: typing goes on where the caret was, and signing in works.
    await user.keyboard('!');
    expect(password).toHaveValue('Por!tal@123');
    await user.keyboard('{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('current-path')).toHaveTextContent(/^\/$/);
  });
});

describe('the app without a prerendered screen', () => {
  it('starts as before: the email field focused and empty', () => {
    const root = document.body.appendChild(document.createElement('div'));
    startApp(root);
    expect(root.querySelector('input[name="email"]')).toHaveFocus();
    expect(root.querySelector('input[name="email"]')).toHaveValue('');
  });

  it('removes the prerendered screen once the app goes elsewhere (a signed-in reader sent Home)', () => {
    const { root } = loadPrerenderedPage();
    render(
      <MemoryRouter initialEntries={['/']}>
        <PrerenderedSignInCleanup />
      </MemoryRouter>,
      { container: root },
    );
    expect(document.getElementById(PRERENDERED_ID)).toBeNull();
  });
});
