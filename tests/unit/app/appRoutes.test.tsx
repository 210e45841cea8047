import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readCredentials } from '../../../src/providers/session/sessionStorage';
import { LOAD, renderApp } from '../renderWithRouter';
import { EXPIRED, signInAs } from '../sessionFixtures';

describe('app routes', () => {
  it('sends a signed-out visitor to /sign-in', async () => {
    renderApp('/partners');
    expect(await screen.findByRole('button', { name: 'Sign in' }, LOAD)).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/sign-in');
  });

  it('sends a signed-in user away from the sign-in page to home', async () => {
    signInAs('admin');
    renderApp('/sign-in');
    expect(await screen.findByTestId('welcome-card', {}, LOAD)).toHaveTextContent('Welcome, Ada Admin');
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/);
  });

  it('sends an unknown path to /404 with a way home', async () => {
    signInAs('partner');
    renderApp('/no/such/page');
    expect(await screen.findByTestId('not-found', {}, LOAD)).toHaveTextContent('Page not found');
    expect(screen.getByTestId('current-path')).toHaveTextContent('/404');
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });

  it('shows access denied with a way home on a screen the user may not open', async () => {
    signInAs('partner');
    renderApp('/roles');
    expect(await screen.findByTestId('access-denied', {}, LOAD)).toHaveTextContent('Access denied');
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });

  it('opens a permitted screen, titled with its name', async () => {
    signInAs('admin');
    renderApp('/partners');
    expect(await screen.findByTestId('entity-screen-partners', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Partners' })).toBeInTheDocument();
  });

  it('logs out from the profile menu: session cleared, back on /sign-in', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    renderApp('/');
    await user.click(await screen.findByTestId('profile-menu', {}, LOAD));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Profile')).toBeInTheDocument();
    expect(within(menu).getByText('Settings')).toBeInTheDocument();
    await user.click(within(menu).getByTestId('logout'));
    expect(await screen.findByRole('button', { name: 'Sign in' }, LOAD)).toBeInTheDocument();
    expect(readCredentials()).toBeNull();
  });

  it('sends a user whose session cannot be refreshed to /sign-in', async () => {
    signInAs('admin', { accessSeconds: EXPIRED, refreshSeconds: EXPIRED });
    renderApp('/profile');
    expect(await screen.findByRole('button', { name: 'Sign in' }, LOAD)).toBeInTheDocument();
  });
});
