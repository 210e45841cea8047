import { useEffect, useState, type PointerEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { dismissToast, type Toast } from './toastStore';

/** A horizontal drag further than this dismisses the toast. */
const DISMISS_DISTANCE_PX = 80;

export function DraggableToast({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const [dragStart, setDragStart] = useState<number | null>(null);

  useEffect(() => {
    if (toast.autoCloseMs === null || paused) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.autoCloseMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.autoCloseMs, paused]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    setDragStart(event.clientX);
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragStart !== null) setOffset(event.clientX - dragStart);
  };
  const onPointerUp = () => {
    if (dragStart === null) return;
    setDragStart(null);
    if (Math.abs(offset) > DISMISS_DISTANCE_PX) dismissToast(toast.id);
    else setOffset(0);
  };

  return (
    <Alert
      variant="filled"
      severity={toast.severity}
      role={toast.severity === 'error' ? 'alert' : 'status'}
      data-testid={`toast-${toast.severity}`}
      onClose={() => dismissToast(toast.id)}
      slotProps={{ closeButton: { title: closeLabel, 'aria-label': closeLabel } }}
      action={
        toast.action ? (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              toast.action?.onClick();
              dismissToast(toast.id);
            }}
          >
            {toast.action.label}
          </Button>
        ) : undefined
      }
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      sx={{ width: { xs: 'calc(100vw - 32px)', sm: 360 }, boxShadow: 6, cursor: 'grab', touchAction: 'pan-y', userSelect: 'none' }}
      // Changes on every pointer move: inline, not a new style class each time.
      style={{
        transform: `translateX(${offset}px)`,
        opacity: 1 - Math.min(Math.abs(offset) / (DISMISS_DISTANCE_PX * 2), 0.6),
        transition: dragStart === null ? 'transform 150ms, opacity 150ms' : 'none',
      }}
    >
      {toast.message}
    </Alert>
  );
}
