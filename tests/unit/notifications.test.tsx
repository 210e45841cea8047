import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../src/notifications/ToastHost';
import { showToast, toastStore } from '../../src/notifications/toastStore';

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('close by themselves after 4000 ms', () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    act(() => void showToast('info', 'Partner created'));
    expect(screen.getByRole('status')).toHaveTextContent('Partner created');
    act(() => vi.advanceTimersByTime(3999));
    expect(screen.getByText('Partner created')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Partner created')).not.toBeInTheDocument();
  });

  it('are coloured by severity and stack bottom-right', () => {
    render(<ToastHost />);
    act(() => {
      showToast('error', 'Partner not found');
      showToast('info', 'Partner created');
    });
    expect(screen.getByTestId('toast-error')).toHaveClass('MuiAlert-filledError');
    expect(screen.getByTestId('toast-info')).toHaveClass('MuiAlert-filledInfo');
    expect(screen.getByTestId('toasts')).toHaveStyle({ position: 'fixed', right: '16px', bottom: '16px' });
  });

  it('show the same message once while it is on screen', () => {
    render(<ToastHost />);
    act(() => {
      showToast('error', 'Validation failed');
      showToast('error', 'Validation failed');
    });
    expect(toastStore.getSnapshot()).toHaveLength(1);
  });

  it('are dismissed by dragging them sideways', () => {
    render(<ToastHost />);
    act(() => void showToast('error', 'Error when connect to server: Failed to fetch'));
    const toast = screen.getByTestId('toast-error');
    fireEvent.pointerDown(toast, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(toast, { clientX: 40, pointerId: 1 });
    expect(toast.style.transform).toBe('translateX(-60px)');
    fireEvent.pointerMove(toast, { clientX: 300, pointerId: 1 });
    fireEvent.pointerUp(toast, { clientX: 300, pointerId: 1 });
    expect(screen.queryByTestId('toast-error')).not.toBeInTheDocument();
  });

  it('spring back when the drag is short', () => {
    render(<ToastHost />);
    act(() => void showToast('info', 'Deletion queued'));
    const toast = screen.getByTestId('toast-info');
    fireEvent.pointerDown(toast, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(toast, { clientX: 130, pointerId: 1 });
    fireEvent.pointerUp(toast, { clientX: 130, pointerId: 1 });
    expect(screen.getByTestId('toast-info').style.transform).toBe('translateX(0px)');
  });
});
