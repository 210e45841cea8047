import { render, screen, waitFor } from '@testing-library/react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { describe, expect, it } from 'vitest';
import { focusFirstField } from '../../../src/theme/dialogFocus';
import { PortalThemeProvider } from '../../../src/theme/PortalThemeProvider';

/** A dialog's frame as MUI's focus trap leaves it: focused, out of the tab order, around the fields. */
function frameWith(html: string) {
  const frame = document.createElement('div');
  frame.tabIndex = -1;
  frame.innerHTML = html;
  document.body.append(frame);
  frame.focus();
  return frame;
}

describe('a dialog opening', () => {
  it('puts the focus on its first field, not on its frame (every dialog, through the theme)', async () => {
    render(
      <PortalThemeProvider>
        <Dialog open aria-labelledby="t" slotProps={{ paper: { sx: { width: 400 } } }}>
          <DialogTitle id="t">A dialog</DialogTitle>
          <DialogContent>
            <TextField label="Name" />
            <TextField label="Email" />
          </DialogContent>
        </Dialog>
      </PortalThemeProvider>,
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus());
  });

  it('skips fields a person cannot reach: hidden, disabled, read-only, out of the tab order', () => {
    const frame = frameWith(
      '<input type="hidden"><input aria-hidden="true" tabindex="-1"><input disabled><input readonly><div hidden><input></div><textarea id="note"></textarea>',
    );
    focusFirstField(frame);
    expect(document.activeElement?.id).toBe('note');
    frame.remove();
  });

  it('leaves a focus the dialog chose itself, and the frame of a dialog without fields', () => {
    const chosen = frameWith('<input id="first"><input id="second">');
    chosen.querySelector<HTMLInputElement>('#second')!.focus();
    focusFirstField(chosen);
    expect(document.activeElement?.id).toBe('second');
    chosen.remove();
    const plain = frameWith('<button>OK</button>');
    focusFirstField(plain);
    expect(document.activeElement).toBe(plain);
    plain.remove();
  });
});
