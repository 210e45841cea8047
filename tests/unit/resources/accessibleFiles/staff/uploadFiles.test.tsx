import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed } from '../../../../../mocks/envelopes';
import { LOAD } from '../../../renderWithRouter';
import { renderStaffTabs } from './renderStaffFiles';
import { bodiesSentTo, signInAsSupport, staffFilesMock, useStaffFilesApi } from './staffFilesApiMock';

const itemOf = (name: string) => screen.getAllByTestId('upload-item').find((item) => item.textContent?.includes(name))!;

describe('file manager upload', { timeout: 30_000 }, () => {
  it('sends each file alone with its progress, shows the refused one’s reason and holds back a file over 50 MB', async () => {
    const user = userEvent.setup({ applyAccept: false });
    signInAsSupport();
    useStaffFilesApi();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    staffFilesMock.overrides.set('POST /api/v1/files', async (request) => {
      // jsdom's XMLHttpRequest sends a file part named "blob": tell the files by their bytes.
      const bytes = await ((await request.clone().formData()).get('files') as File).text();
      if (bytes.includes('report')) await held;
      return bytes.startsWith('#!') ? failed(415, 'The file type is not accepted.') : undefined;
    });
    renderStaffTabs('files');
    await user.click(await screen.findByTestId('files-upload', {}, LOAD));
    const dialog = within(await screen.findByTestId('upload-files-dialog'));
    expect(dialog.getByTestId('upload-limits')).toHaveTextContent('each at most 50.0 MB');
    const huge = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 50 * 1024 * 1024 + 1 });
    await user.upload(dialog.getByTestId('upload-files-input'), [
      new File(['%PDF-1.4 report'], 'report.pdf', { type: 'application/pdf' }),
      new File(['#!/bin/sh'], 'notes.txt', { type: 'text/plain' }),
      huge,
    ]);

    expect(await within(itemOf('report.pdf')).findByTestId('upload-progress')).toBeInTheDocument();
    expect(within(itemOf('notes.txt')).getByTestId('upload-state')).toHaveTextContent('Waiting');
    expect(within(itemOf('scan.pdf')).getByTestId('upload-state')).toHaveTextContent('Larger than 50.0 MB: not sent.');
    release();

    await waitFor(() => expect(within(itemOf('notes.txt')).getByTestId('upload-state')).toHaveTextContent('Refused: The file type is not accepted.'));
    expect(within(itemOf('report.pdf')).getByTestId('upload-state')).toHaveTextContent('Uploaded');
    expect(bodiesSentTo('POST', '/api/v1/files')).toHaveLength(2);
    await waitFor(() => expect(screen.getAllByTestId('entity-row')).toHaveLength(1));
  });
});
