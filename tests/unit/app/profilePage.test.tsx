import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../mocks/handlers';
import { LOAD, renderApp } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

describe('profile page', () => {
  it('loads the profile and saves changed names with PUT /api/users/profile', async () => {
    const user = userEvent.setup();
    signInAs('partner');
    const { container } = renderApp('/profile');
    const firstName = await waitFor(() => {
      const input = container.querySelector('input[name="firstName"]') as HTMLInputElement | null;
      expect(input).toHaveValue('Pham');
      return input as HTMLInputElement;
    }, LOAD);
    await user.clear(firstName);
    await user.type(firstName, 'Phuong');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile has been updated')).toBeInTheDocument();
    expect(mockApi.requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/api/users/profile',
      body: { firstName: 'Phuong', lastName: 'Partner', phoneNumber: '+84 90 000 0005' },
    });
  });

  it('refuses a picture over 3 MB before uploading it', async () => {
    signInAs('partner');
    renderApp('/profile');
    const input = await screen.findByTestId('avatar-input', {}, LOAD);
    const tooLarge = new File([new Uint8Array(3 * 1024 * 1024 + 1)], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [tooLarge] } });
    expect(await screen.findByTestId('avatar-problem')).toHaveTextContent('The image may be at most 3 MB');
  });

  it('shows the server field error next to the current password', async () => {
    const user = userEvent.setup();
    signInAs('partner');
    const { container } = renderApp('/profile');
    await user.click(await screen.findByTestId('profile-tab-security', {}, LOAD));
    await user.type(container.querySelector('input[name="password"]') as HTMLInputElement, 'not-my-password');
    await user.type(container.querySelector('input[name="newPassword"]') as HTMLInputElement, 'Another-harbour-2025');
    await user.type(container.querySelector('input[name="confirmNewPassword"]') as HTMLInputElement, 'Another-harbour-2025');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
  });
});
