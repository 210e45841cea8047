import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, VALID_MAIL_TOKEN } from '../../../mocks/handlers';
import AuthPages from '../../../src/auth/AuthPages';
import { renderAt } from '../renderWithRouter';

describe('account activation', () => {
  it('verifies the code, sets the password with confirm-mail, then goes to sign in', async () => {
    const user = userEvent.setup();
    const { container } = renderAt(`/active?email=new%40acme.example&code=${VALID_MAIL_TOKEN}`, '/active', <AuthPages />);
    const submit = await screen.findByRole('button', { name: 'Activate account' });
    expect(mockApi.requests[0]).toMatchObject({
      path: '/api/users/verify-token/email-active',
      body: { email: 'new@acme.example', token: VALID_MAIL_TOKEN },
    });
    await user.type(container.querySelector('input[name="password"]') as HTMLInputElement, 'Welcome-harbour-2025');
    await user.type(container.querySelector('input[name="confirmPassword"]') as HTMLInputElement, 'Welcome-harbour-2025');
    await user.click(submit);
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/sign-in');
    expect(mockApi.requests.at(-1)).toMatchObject({
      path: '/api/users/confirm-mail',
      body: { email: 'new@acme.example', password: 'Welcome-harbour-2025', token: VALID_MAIL_TOKEN },
    });
    expect(screen.getByText('Your account is active. Please sign in.')).toBeInTheDocument();
  });

  it('says the link cannot be used when the code is wrong or missing', async () => {
    renderAt('/active?email=new%40acme.example&code=wrong', '/active', <AuthPages />);
    expect(await screen.findByText('Verify failed !')).toBeInTheDocument();
  });
});
