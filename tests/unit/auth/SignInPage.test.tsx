import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import AuthPages from '../../../src/auth/AuthPages';
import { readCredentials } from '../../../src/providers/session/sessionStorage';
import { renderAt } from '../renderWithRouter';

const renderSignIn = () => renderAt('/sign-in', '/sign-in', <AuthPages />);

describe('sign in', () => {
  it('signs in and goes home', async () => {
    const user = userEvent.setup();
    const { container } = renderSignIn();
    await user.type(container.querySelector('input[name="email"]') as HTMLInputElement, 'admin@example.com');
    await user.type(container.querySelector('input[name="password"]') as HTMLInputElement, 'Portal@123');
    await user.click(container.querySelector('button[type="submit"]') as HTMLButtonElement);
    expect(await screen.findByTestId('current-path')).toHaveTextContent(/^\/$/);
    expect(readCredentials()).not.toBeNull();
  });

  it('shows the server message when the password is wrong', async () => {
    const user = userEvent.setup();
    renderSignIn();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('sign-in-error')).toHaveTextContent('Invalid email or password');
    expect(readCredentials()).toBeNull();
  });

  it('names the fields at fault before calling the server', async () => {
    const user = userEvent.setup();
    renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
  });

  it('switches its texts to Vietnamese from the language menu', async () => {
    const user = userEvent.setup();
    renderSignIn();
    await user.click(screen.getByTestId('language-menu'));
    await user.click(await screen.findByTestId('language-vi'));
    expect(screen.getByRole('button', { name: 'Đăng nhập' })).toBeInTheDocument();
    expect(localStorage.getItem('portal.language')).toBe('vi');
  });
});
