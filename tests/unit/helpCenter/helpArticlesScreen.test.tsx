import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { permissionsOfRole } from '../../../mocks/accounts';
import { helpArticle, helpCenterMock } from '../../../mocks/helpCenter';
import { EntityTableScreen } from '../../../src/entityTable/EntityTableScreen';
import helpArticleTable from '../../../src/resources/helpArticles/helpArticleTable';
import { savePermissions } from '../../../src/providers/session/sessionStorage';
import { renderInAdmin } from '../entityTable/renderEntityTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';

/** Issue 39: staff's help-articles screen against the contract's routes (mocks/helpCenter.ts). */
const render = (language: 'en' | 'vi' = 'en', url = '/help-articles') => {
  signInAs('admin');
  return renderInAdmin(<EntityTableScreen resource={helpArticleTable} basePath="/help-articles" />, { url, path: '/help-articles/:id?', language });
};

const rows = async () => {
  await screen.findAllByTestId('entity-row', {}, LOAD);
  return screen.getAllByTestId('entity-row');
};

async function rowAction(slugTitle: string, action: string) {
  const user = userEvent.setup();
  const row = (await rows()).find((r) => r.textContent?.includes(slugTitle))!;
  await user.click(within(row).getByTestId('row-actions'));
  await user.click(await screen.findByTestId(`row-action-${action}`));
  return user;
}

describe('the help articles screen', () => {
  it('lists each article titled in the reader’s language (English where Vietnamese is not written), with status, audience and category', async () => {
    render('vi');
    const [first, second] = await rows();
    await waitFor(() => expect(first).toHaveTextContent('Tài khoản'));
    expect(first).toHaveTextContent('Đặt lại mật khẩu');
    expect(first).toHaveTextContent('Đã xuất bản');
    expect(first).toHaveTextContent('Mọi đối tác');
    expect(second).toHaveTextContent('Pay an invoice');
    expect(second).toHaveTextContent('Thanh toán');
  });

  it('refuses an article with no translation or a bad address, saying why, and sends nothing', async () => {
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('entity-add', {}, LOAD));
    const dialog = within(await screen.findByTestId('entity-form-dialog'));
    await user.type(dialog.getByLabelText(/Address/), 'Reset Password');
    await user.click(dialog.getByTestId('entity-form-submit'));
    expect(await dialog.findByText('Lower-case letters and digits joined by hyphens, such as reset-your-password')).toBeInTheDocument();
    expect(await dialog.findByTestId('help-article-error')).toHaveTextContent('Write the article in English or Vietnamese (or both)');
    expect(helpCenterMock.writes).toEqual([]);
  });

  it('creates an article in English only: Vietnamese left empty is sent as not written', async () => {
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('entity-add', {}, LOAD));
    const dialog = within(await screen.findByTestId('entity-form-dialog'));
    await user.type(dialog.getByLabelText(/Address/), 'print-a-label');
    await user.type(dialog.getByRole('textbox', { name: 'Title' }), 'Print a label');
    await user.click(dialog.getByTestId('entity-form-submit'));
    await waitFor(() => expect(helpCenterMock.writes).toHaveLength(1));
    expect(helpCenterMock.writes[0]).toEqual({
      method: 'POST',
      path: '/api/v1/help-articles',
      body: { slug: 'print-a-label', categoryId: null, audience: 'partners', partnerIds: [], en: { title: 'Print a label', body: '' }, vi: null },
    });
  });

  it('asks for the partners only when the audience is chosen partners, and refuses none chosen', async () => {
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('entity-add', {}, LOAD));
    const dialog = within(await screen.findByTestId('entity-form-dialog'));
    expect(dialog.queryByLabelText('Partners who read it')).toBeNull();
    await user.click(dialog.getByRole('combobox', { name: 'Who reads it' }));
    await user.click(await screen.findByRole('option', { name: 'Chosen partners' }));
    expect(await dialog.findByLabelText('Partners who read it')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/Address/), 'for-acme');
    await user.type(dialog.getByRole('textbox', { name: 'Title' }), 'For Acme');
    await user.click(dialog.getByTestId('entity-form-submit'));
    expect(await dialog.findByTestId('help-article-error')).toHaveTextContent('Choose the partners who read this article');
    expect(helpCenterMock.writes).toEqual([]);
  });

  it('shows the body as readers will see it: pasted script, handlers and javascript: links are inert', async () => {
    helpCenterMock.articles = [
      helpArticle('0a000000-0000-4000-8000-000000000009', {
        slug: 'pasted',
        en: {
          title: 'Pasted',
          body: '<p>Hi<script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2"><a href="javascript:window.pwned = 3">click</a><span style="position:fixed">over</span></p>',
        },
      }),
    ];
    render('en', '/help-articles/0a000000-0000-4000-8000-000000000009');
    const preview = await screen.findByTestId('help-article-preview-en', {}, LOAD);
    expect(preview).toHaveTextContent('Hi');
    expect(preview.innerHTML).not.toMatch(/script|onerror|javascript:|style=/i);
    expect(within(preview).getByText('click').closest('a')?.getAttribute('href') ?? null).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('publishes an article from its row (Configure), and unpublishes a published one', async () => {
    helpCenterMock.articles[0].status = 'draft';
    render();
    await rowAction('Reset your password', 'publish');
    await waitFor(() => expect(helpCenterMock.writes.map((w) => w.path)).toEqual(['/api/v1/help-articles/0a000000-0000-4000-8000-000000000001/publish']));
    expect(await screen.findByText('Article published')).toBeInTheDocument();
    await rowAction('Pay an invoice', 'unpublish');
    await waitFor(() => expect(helpCenterMock.writes.map((w) => w.path)).toContain('/api/v1/help-articles/0a000000-0000-4000-8000-000000000002/unpublish'));
  });

  it('lists the versions with who and when, and shows the words that changed between two, per language', async () => {
    render();
    const user = await rowAction('Reset your password', 'versions');
    const dialog = within(await screen.findByRole('dialog', { name: 'Versions of reset-your-password' }));
    const versions = await dialog.findAllByTestId('help-version');
    expect(versions.map((v) => v.textContent)).toEqual([
      expect.stringMatching(/^Version 2Ada Admin, 2 Jan 2025/),
      expect.stringMatching(/^Version 1Ada Admin, 1 Jan 2025/),
    ]);
    const compare = dialog.getByRole('button', { name: 'Compare' });
    expect(compare).toBeDisabled();
    await user.click(dialog.getByRole('checkbox', { name: /Version 1/ }));
    await user.click(dialog.getByRole('checkbox', { name: /Version 2/ }));
    await user.click(compare);
    const english = within(await dialog.findByTestId('help-diff-en'));
    expect(english.getAllByRole('deletion').map((d) => d.textContent)).toEqual(['a', 'Settings']);
    expect(english.getAllByRole('insertion').map((i) => i.textContent)).toEqual(['your', 'Profile']);
    const vietnamese = within(dialog.getByTestId('help-diff-vi'));
    expect(vietnamese.getAllByRole('insertion').map((i) => i.textContent)).toEqual(['Đặt lại mật khẩu', 'Mở Hồ sơ và chọn Đổi mật khẩu.']);
  });

  it('names the editor and its toolbar in the reader’s language', async () => {
    render('vi', '/help-articles/0a000000-0000-4000-8000-000000000001');
    const dialog = within(await screen.findByTestId('entity-form-dialog', {}, LOAD));
    expect(await dialog.findByRole('textbox', { name: 'Nội dung (Tiếng Anh)' })).toHaveAttribute('lang', 'en');
    for (const name of ['In đậm', 'Danh sách đánh số', 'Liên kết', 'Hình ảnh', 'Khối mã', 'Chèn bảng']) {
      expect(dialog.getAllByRole('button', { name })[0]).toBeInTheDocument();
    }
    // A heading button is named by what it shows (H2), its tooltip says it in the reader's language.
    expect(dialog.getAllByRole('button', { name: 'H2' })[0]).toHaveAttribute('title', 'Tiêu đề cấp 2');
  });

  it('offers Publish and Unpublish only to those holding HelpArticles.Configure', async () => {
    signInAs('admin');
    savePermissions(permissionsOfRole('Admin').filter((p) => p !== 'Permissions.HelpArticles.Configure'));
    renderInAdmin(<EntityTableScreen resource={helpArticleTable} basePath="/help-articles" />, { url: '/help-articles', path: '/help-articles/:id?' });
    const user = userEvent.setup();
    const row = (await rows()).find((r) => r.textContent?.includes('Reset your password'))!;
    await user.click(within(row).getByTestId('row-actions'));
    expect(await screen.findByTestId('row-action-versions')).toBeInTheDocument();
    expect(screen.queryByTestId('row-action-publish')).toBeNull();
    expect(screen.queryByTestId('row-action-unpublish')).toBeNull();
  });
});
