// Press-and-hold buttons (the crate shop's quantity): a press steps once, and holding the
// button repeats the step every 100 ms until it is released, left or cancelled. Keyboard
// activation (Enter/Space, a click with detail 0) steps once per press.
import { useCallback, useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';

export const HOLD_REPEAT_MS = 100;

export function useHoldRepeat(step: () => void, disabled = false) {
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const latest = useRef(step);
  useEffect(() => { latest.current = step; }, [step]);

  const stop = useCallback(() => {
    clearInterval(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => stop, [stop]);
  useEffect(() => { if (disabled) stop(); }, [disabled, stop]);

  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (disabled || event.button !== 0) return;
      stop();
      latest.current();
      timer.current = setInterval(() => latest.current(), HOLD_REPEAT_MS);
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onClick: (event: MouseEvent<HTMLElement>) => {
      // Pointer presses already stepped on pointerdown; only keyboard "clicks" step here.
      if (!disabled && event.detail === 0) latest.current();
    },
  };
}
