import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import OwnFilesPage from '../../../../../src/resources/accessibleFiles/own/OwnFilesPage';
import { LOAD } from '../../../renderWithRouter';
import { signInAs } from '../../../sessionFixtures';
import { renderWithAdmin } from '../../../tickets/renderTickets';
import { mockOwnFiles, OLD_CONTRACT_ID, oldContract, priceList, rejectedRequest, TAX_FORM_ID, taxForm } from './ownFilesMock';

const renderOwnFiles = (language: 'en' | 'vi' = 'en') => {
  signInAs('partner');
  return renderWithAdmin(<OwnFilesPage />, { url: '/accessible-files', path: '/accessible-files', language });
};

/** The one row of a list, once its page has come. */
const onlyRow = async (listName: string) => within(await screen.findByRole('list', { name: listName }, LOAD)).findByRole('listitem', undefined, LOAD);

describe("a partner's files", () => {
  it('lists each file they may open with its type, size, expiry as a date and "in 3 days", and downloads left', async () => {
    const expiresAt = taxForm().expiresAt;
    mockOwnFiles({ current: [taxForm({ expiresAt })] });
    renderOwnFiles();
    const row = await onlyRow('Files you can open now');
    expect(row).toHaveTextContent('tax-form.pdf');
    expect(row).toHaveTextContent('PDF');
    expect(row).toHaveTextContent('2.0 MB');
    const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(expiresAt));
    expect(row).toHaveTextContent(`Available until ${date} (in 3 days)`);
    expect(row).toHaveTextContent('2 downloads left');
  });

  it('marks a view-only file and tells its expiry in Vietnamese', async () => {
    mockOwnFiles({ current: [priceList()] });
    renderOwnFiles('vi');
    const row = await onlyRow('Tệp bạn có thể mở ngay');
    expect(row).toHaveTextContent('Chỉ xem');
    expect(row).toHaveTextContent('Bảng tính Excel');
    expect(row).toHaveTextContent('sau 3 ngày');
    expect(row).not.toHaveTextContent('lượt tải xuống');
  });

  it('opens a file by minting a link and going to its page', async () => {
    const user = userEvent.setup();
    const sent = mockOwnFiles({ current: [taxForm()] });
    renderOwnFiles();
    await user.click(await screen.findByRole('button', { name: 'Open tax-form.pdf' }, LOAD));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/file-request/view?token=minted-token'));
    expect(sent.links).toEqual([TAX_FORM_ID]);
  });

  it('opens a file by keyboard alone', async () => {
    const user = userEvent.setup();
    mockOwnFiles({ current: [taxForm()] });
    renderOwnFiles();
    const open = await screen.findByRole('button', { name: 'Open tax-form.pdf' }, LOAD);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Request a file' })).toHaveFocus();
    await user.tab();
    expect(open).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/file-request/view?token=minted-token'));
  });

  it('says so when a file can no longer be opened, and stays on the list', async () => {
    const user = userEvent.setup();
    mockOwnFiles({ current: [taxForm()] });
    renderOwnFiles();
    const open = await screen.findByRole('button', { name: 'Open tax-form.pdf' }, LOAD);
    mockOwnFiles({ current: [] });
    await user.click(open);
    expect(await screen.findByText('Sorry, data not found!')).toBeInTheDocument();
    expect(screen.queryByTestId('current-path')).not.toBeInTheDocument();
  });

  it('offers a request when nothing is shared, and says there are no requests yet', async () => {
    mockOwnFiles();
    renderOwnFiles();
    expect(await screen.findByText('No file is shared with you right now.', undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask for a document' })).toBeInTheDocument();
    expect(await screen.findByText('You have not asked for a file yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Access ended' })).not.toBeInTheDocument();
  });

  it("shows the user's requests with their status and the staff's reply", async () => {
    mockOwnFiles({ requests: [rejectedRequest()] });
    renderOwnFiles();
    const row = await onlyRow('My file requests');
    expect(row).toHaveAccessibleName('The 2025 audit report');
    expect(row).toHaveTextContent('Rejected');
    expect(row).toHaveTextContent('Reason: Our auditors ask for it');
    expect(row).toHaveTextContent('Reply: Not published yet; ask again in January');
  });
});

describe('asking for a file', () => {
  it('needs a reason and a file or a description, then sends the description', async () => {
    const user = userEvent.setup();
    const sent = mockOwnFiles();
    renderOwnFiles();
    await user.click(await screen.findByRole('button', { name: 'Request a file' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Request a file' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a file or describe what you need')).toBeInTheDocument();
    expect(sent.requests).toEqual([]);

    await user.click(within(dialog).getByRole('textbox', { name: 'What do you need?' }));
    await user.paste('The 2026 price list');
    await user.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.paste('Quoting a customer');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.requests).toEqual([{ fileId: null, requestText: 'The 2026 price list', reason: 'Quoting a customer' }]);
  });

  it('asks again for a file whose access ended, with that file chosen', async () => {
    const user = userEvent.setup();
    const sent = mockOwnFiles({ ended: [oldContract()] });
    renderOwnFiles();
    const endedList = await screen.findByRole('list', { name: 'Files whose access has ended' }, LOAD);
    expect(await within(endedList).findByRole('listitem')).toHaveTextContent('2 days ago');
    await user.click(within(endedList).getByRole('button', { name: 'Ask again for old-contract.docx' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a file' });
    expect(within(dialog).getByRole('combobox', { name: 'File' })).toHaveTextContent('old-contract.docx');
    await user.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.paste('The contract is being renewed');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(sent.requests).toEqual([{ fileId: OLD_CONTRACT_ID, requestText: '', reason: 'The contract is being renewed' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says a file whose downloads ran out before its end reached its download limit, not that it ended in the future', async () => {
    mockOwnFiles({ ended: [{ ...oldContract(), expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString() }] });
    const { unmount } = renderOwnFiles();
    const row = await onlyRow('Files whose access has ended');
    expect(row).toHaveTextContent('Download limit reached');
    expect(row).not.toHaveTextContent(/Ended|in 24 hours|tomorrow/);
    unmount();
    renderOwnFiles('vi');
    expect(await onlyRow('Các tệp đã hết quyền truy cập')).toHaveTextContent('Đã hết lượt tải xuống');
  });

  it('offers no second request for an ended file while one waits for review', async () => {
    mockOwnFiles({
      ended: [oldContract()],
      requests: [{ ...rejectedRequest(), id: 'r3', status: 'PENDING', fileId: OLD_CONTRACT_ID, fileName: 'old-contract.docx' }],
    });
    renderOwnFiles();
    const row = await onlyRow('Files whose access has ended');
    expect(await within(row).findByText('Request waiting for review')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Ask again for old-contract.docx' })).not.toBeInTheDocument();
  });
});
