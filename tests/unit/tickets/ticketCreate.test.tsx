import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TICKET_MAX_FILE_BYTES } from '../../../contract/tickets';
import { ticketsMock } from '../../../mocks/tickets';
import { addFiles, perFileProgress } from '../../../src/components/attachments/attachmentRules';
import { ticketAttachmentLimits } from '../../../src/resources/tickets/ticketAttachments';
import { TicketCreateDialog } from '../../../src/resources/tickets/TicketCreateDialog';
import { signInAs } from '../sessionFixtures';
import { renderWithAdmin } from './renderTickets';

const file = (name: string, size: number, type = 'text/plain') => new File([new Uint8Array(size)], name, { type });

describe('attachment limits', () => {
  it('are checked before anything is uploaded: type, emptiness, 10 MB each, 10 files', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => file(`log-${i}.txt`, 10));
    const { files, problems } = addFiles(
      [],
      [file('virus.exe', 10), file('empty.txt', 0), file('huge.pdf', TICKET_MAX_FILE_BYTES + 1), ...eleven],
      ticketAttachmentLimits,
    );
    expect(files.map((f) => f.name)).toEqual(eleven.slice(0, 10).map((f) => f.name));
    expect(problems.map((p) => p.key)).toEqual(['app.attachments.type', 'app.attachments.empty', 'app.attachments.tooLarge', 'app.attachments.tooMany']);
  });

  it('share the upload progress out per file, in the order they are sent', () => {
    // 100 bytes of fields and boundaries around two files of 1000 and 3000 bytes.
    expect(perFileProgress([1000, 3000], 0, 4100)).toEqual([0, 0]);
    expect(perFileProgress([1000, 3000], 550, 4100)).toEqual([0.5, 0]);
    expect(perFileProgress([1000, 3000], 2550, 4100)).toEqual([1, 0.5]);
    expect(perFileProgress([1000, 3000], 4100, 4100)).toEqual([1, 1]);
  });
});

describe('the new ticket dialog', () => {
  function renderDialog(needsPartner = false) {
    signInAs('partner');
    const onCreated = vi.fn();
    renderWithAdmin(<TicketCreateDialog needsPartner={needsPartner} onClose={() => undefined} onCreated={onCreated} />);
    return { onCreated };
  }

  it('needs a subject before sending anything', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(await screen.findByTestId('ticket-create-submit'));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(ticketsMock.writes).toEqual([]);
  });

  it('leaves out a file over the limit, saying why, and sends the rest as multipart', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { onCreated } = renderDialog();
    await user.type(await screen.findByTestId('ticket-subject'), 'Printer offline');
    const editor = screen.getByTestId('rich-text-editor');
    editor.innerHTML = '<p>It says <b>offline</b></p>';
    editor.dispatchEvent(new InputEvent('input', { bubbles: true }));
    await user.upload(screen.getByTestId('attachment-input'), [file('printer.log', 300), file('scan.pdf', TICKET_MAX_FILE_BYTES + 1, 'application/pdf')]);
    expect(await screen.findByTestId('attachment-problem')).toHaveTextContent('scan.pdf is too large: each file may be at most 10 MB');
    expect(screen.getAllByTestId('attachment-file').map((f) => f.textContent)).toEqual([expect.stringContaining('printer.log')]);

    await user.click(screen.getByTestId('ticket-create-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(ticketsMock.writes).toEqual([
      // jsdom's XMLHttpRequest sends a file without its name; the end-to-end test sees the name arrive.
      {
        method: 'POST',
        path: '/api/v1/tickets',
        body: { subject: 'Printer offline', description: '<p>It says <b>offline</b></p>', partnerId: null, files: [expect.stringMatching(/\(300 B\)$/)] },
      },
    ]);
    expect(onCreated.mock.calls[0][0]).toMatchObject({ subject: 'Printer offline' });
  });

  it('asks staff which partner the ticket is for', async () => {
    const user = userEvent.setup();
    renderDialog(true);
    await user.type(await screen.findByTestId('ticket-subject'), 'For a partner');
    await user.click(screen.getByTestId('ticket-create-submit'));
    expect(await screen.findByText('Choose the partner this ticket is for')).toBeInTheDocument();
    expect(ticketsMock.writes).toEqual([]);
  });
});
