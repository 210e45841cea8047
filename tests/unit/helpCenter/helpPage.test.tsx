import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../mocks/envelopes';
import { helpCenterMock } from '../../../mocks/helpCenter';
import { server } from '../../../mocks/server';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { renderHelp } from './renderHelp';

/** Issue 39: the Help page partners (and staff) read, against the contract's reader routes (mocks/helpCenter.ts). */
describe('the help page', () => {
  it('searches once typing pauses and shows the matched words highlighted', async () => {
    signInAs('partner');
    renderHelp('/help-center');
    const user = userEvent.setup();
    await screen.findByText('Pay an invoice', {}, LOAD);
    await user.type(screen.getByRole('searchbox', { name: 'Search the help center' }), 'password');
    const results = screen.getByTestId('help-results');
    await waitFor(() => expect(within(results).queryByText('Pay an invoice')).toBeNull());
    expect(within(results).getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/help-center/reset-your-password?lang=en');
    expect(within(results).getByText('password', { selector: 'mark' })).toBeInTheDocument();
    // The first load, then the whole word: no request per keystroke.
    expect(helpCenterMock.searches).toEqual(['', 'password']);
  });

  it('renders only <mark> of a snippet: any other markup the server would send stays text', async () => {
    signInAs('partner');
    server.use(
      http.get('/api/v1/help/articles', () =>
        ok({
          items: [
            {
              id: 'x',
              slug: 'x',
              language: 'en',
              title: 'Odd',
              snippet: 'a <mark>b</mark> &lt;i&gt;c&lt;/i&gt; <img src="x" onerror="window.pwned=1"><b>d</b>',
              rank: 1,
            },
          ],
          totalCount: 1,
          currentPage: 1,
          pageSize: 10,
        }),
      ),
    );
    renderHelp('/help-center');
    const snippet = await screen.findByTestId('help-snippet', {}, LOAD);
    expect(snippet).toHaveTextContent('a b <i>c</i> d');
    expect(snippet.innerHTML).toBe('a <mark>b</mark> &lt;i&gt;c&lt;/i&gt; d');
  });

  it('shows the articles of a category', async () => {
    signInAs('partner');
    renderHelp('/help-center', { language: 'vi' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Thanh toán' }, LOAD));
    const results = screen.getByTestId('help-results');
    await waitFor(() => expect(within(results).queryByText('Đặt lại mật khẩu')).toBeNull());
    expect(within(results).getByRole('link', { name: 'Pay an invoice' })).toBeInTheDocument();
  });

  it('says an article is not yet translated and shows it in English', async () => {
    signInAs('partner');
    renderHelp('/help-center/pay-an-invoice', { language: 'vi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay an invoice' }, LOAD)).toBeInTheDocument();
    expect(screen.getByTestId('help-translation-missing')).toHaveTextContent('Bài viết này chưa được dịch; đang hiển thị bằng tiếng Anh.');
    expect(screen.getByTestId('help-article')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Invoices are paid by bank transfer within 30 days.')).toBeInTheDocument();
  });

  it('links to the other translation', async () => {
    signInAs('partner');
    renderHelp('/help-center/reset-your-password');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' }, LOAD);
    expect(screen.queryByTestId('help-translation-missing')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Đọc bằng tiếng Việt' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Đặt lại mật khẩu' })).toBeInTheDocument();
    expect(screen.getByText('Hồ sơ', { selector: 'strong' })).toBeInTheDocument();
  });

  it('asks whether the article helped and sends the answer with its comment, in the language read', async () => {
    signInAs('partner');
    renderHelp('/help-center/reset-your-password');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'No' }, LOAD));
    await user.type(screen.getByRole('textbox', { name: 'What could be better? (optional)' }), 'No Profile menu on my phone');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
    expect(helpCenterMock.writes).toEqual([
      {
        method: 'POST',
        path: '/api/v1/help/articles/reset-your-password/feedback',
        body: { helpful: false, language: 'en', comment: 'No Profile menu on my phone' },
      },
    ]);
  });

  it('says an article that is not published for the reader does not exist', async () => {
    signInAs('partner');
    renderHelp('/help-center/for-someone-else');
    expect(await screen.findByText('This article does not exist or is not published for you.', {}, LOAD)).toBeInTheDocument();
  });
});
