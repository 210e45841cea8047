import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SignatureAnswer } from '../../../../contract/answers';
import { seriousAxeFindings } from '../../axeFindings';
import { question, renderQuestions, sectionOf } from './questionFixtures';

const LABEL = 'I confirm the answers are true';
const signature = () => sectionOf(question('declaration', 'signature', { label: LABEL, required: true }));
const group = () => screen.getByRole('group', { name: LABEL });

/** A stroke drawn on the pad with pointer events through these pad coordinates (the pad is not laid out in jsdom). */
function drawStroke(pad: Element, points: [number, number][]) {
  const [first, ...rest] = points;
  fireEvent.pointerDown(pad, { pointerId: 1, clientX: first[0], clientY: first[1] });
  for (const [x, y] of rest) fireEvent.pointerMove(pad, { pointerId: 1, clientX: x, clientY: y });
  fireEvent.pointerUp(pad, { pointerId: 1 });
}

describe('a signature question', () => {
  it('signs by typed name with the keyboard alone: "Type your name" is the default and the name is given when the field is left', async () => {
    const user = userEvent.setup();
    const { answers } = renderQuestions(signature());
    expect(within(group()).getByRole('radio', { name: 'Type your name' })).toBeChecked();
    await user.tab();
    await user.tab();
    const name = within(group()).getByRole('textbox', { name: 'Your full name' });
    expect(name).toHaveFocus();
    await user.keyboard('  Jane Doe');
    expect(answers().declaration).toBeUndefined();
    await user.tab();
    expect(answers().declaration).toEqual({ kind: 'typed', name: 'Jane Doe' });
    expect(screen.getByText('Not signed yet: your signature is recorded when the form is saved')).toBeInTheDocument();
    expect(await seriousAxeFindings(document.body)).toEqual([]);
  });

  it('drawing with pointer events gives strokes of whole points within the pad, with the name; Clear takes them away', async () => {
    const user = userEvent.setup();
    const { answers } = renderQuestions(signature(), { language: 'vi' });
    await user.click(within(group()).getByRole('radio', { name: 'Vẽ chữ ký' }));
    await user.type(within(group()).getByRole('textbox', { name: 'Họ tên đầy đủ của bạn' }), 'Nguyễn Văn An');
    const pad = within(group()).getByRole('img', { name: 'Khung ký: vẽ bằng chuột, bút hoặc ngón tay' });
    act(() =>
      drawStroke(pad, [
        [10.4, 20.6],
        [30, 40],
        [30, 40],
        [700, -5],
      ]),
    );
    act(() => drawStroke(pad, [[300, 100]]));
    expect(answers().declaration).toEqual({ kind: 'drawn', name: 'Nguyễn Văn An', strokes: ['10,21 30,40 600,0', '300,100'] });
    expect(pad.querySelectorAll('polyline')).toHaveLength(1);
    expect(pad.querySelectorAll('circle')).toHaveLength(1);
    expect(await seriousAxeFindings(document.body)).toEqual([]);
    await user.click(within(group()).getByRole('button', { name: 'Xoá hình vẽ' }));
    expect(answers().declaration).toBeNull();
    expect(pad.querySelectorAll('polyline, circle')).toHaveLength(0);
  });

  it("shows the server's stamp of a saved signature, and only the signature read-only once submitted", () => {
    const saved: SignatureAnswer = {
      kind: 'typed',
      name: 'Jane Doe',
      signedAt: '2026-12-04T10:00:00.000Z',
      signedBy: { userId: 'u1', name: 'Jane Doe', email: 'jane@example.com' },
      address: '203.0.113.5',
      textVersion: { number: 3, hash: 'abcd1234' },
    };
    renderQuestions(signature(), { initial: { declaration: saved } });
    expect(within(group()).getByRole('textbox', { name: 'Your full name' })).toHaveValue('Jane Doe');
    expect(screen.getByText(/^Signed by Jane Doe on Dec 4, 2026/)).toBeInTheDocument();
  });

  it('read-only, it shows the drawing and the stamp without inputs', () => {
    const saved: SignatureAnswer = {
      kind: 'drawn',
      name: 'Jane Doe',
      strokes: ['1,1 50,50'],
      signedAt: '2026-12-04T10:00:00.000Z',
      signedBy: { userId: 'u1', name: 'Jane Doe', email: 'jane@example.com' },
      address: '203.0.113.5',
      textVersion: { number: 3, hash: 'abcd1234' },
    };
    renderQuestions(signature(), { initial: { declaration: saved }, readOnly: true });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(group().querySelectorAll('polyline')).toHaveLength(1);
    expect(screen.getByText(/^Signed by Jane Doe on/)).toBeInTheDocument();
  });
});
