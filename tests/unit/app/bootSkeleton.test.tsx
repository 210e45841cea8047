import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingScreen, type LoadingLayout } from '../../../src/components/LoadingScreen';
import { languagePreference } from '../../../src/preferences/language';
import { PortalThemeProvider } from '../../../src/theme/PortalThemeProvider';
import { LOAD, renderApp } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

const renderSkeleton = (layout?: LoadingLayout) =>
  render(
    <PortalThemeProvider>
      <LoadingScreen layout={layout} />
    </PortalThemeProvider>,
  );

/** The one busy element a screen reader announces while code or data arrives. */
const busy = (name: string) => screen.getByRole('progressbar', { name });

describe('while the app boots, the page shows the shape of what is coming', () => {
  it('the sign-in pages show the sign-in column, busy and labelled Loading…, until the form arrives', async () => {
    const { container } = renderApp('/sign-in');
    const skeleton = busy('Loading…');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(skeleton).toHaveAttribute('data-layout', 'signIn');
    expect(container.querySelector('.MuiCircularProgress-root')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByTestId('loading-skeleton')).toBeNull();
  }, 30_000);

  it('a signed-in deep link shows the app shell with skeleton rows, not a spinner on a blank page', async () => {
    signInAs('admin');
    const { container } = renderApp('/partners');
    expect(busy('Loading…')).toHaveAttribute('data-layout', 'app');
    expect(container.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(6);
    expect(container.querySelector('.MuiCircularProgress-root')).toBeNull();
    expect(await screen.findByTestId('entity-screen-partners', {}, LOAD)).toBeInTheDocument();
  }, 30_000);

  it('is labelled in Vietnamese for a Vietnamese reader', () => {
    languagePreference.set('vi');
    renderSkeleton('signIn');
    expect(busy('Đang tải…')).toHaveAttribute('aria-busy', 'true');
  });

  it('inside the layout, a page on its way shows a heading and rows', () => {
    const { container } = renderSkeleton();
    expect(busy('Loading…')).toHaveAttribute('data-layout', 'content');
    expect(container.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThanOrEqual(6 * 3);
  });
});
