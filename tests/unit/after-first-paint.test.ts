// The shell's start-up runs after index.html's loading screen is painted: not
// in the task that evaluates the entry module, not before an animation frame, but in the task
// after one (or at once in a background tab, or after a fallback if no frame comes).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from '../../src/lib/afterFirstPaint';

afterEach(() => { vi.restoreAllMocks(); });

describe('afterFirstPaint', () => {
  it('runs in the task after the next animation frame, once', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => { frames.push(cb); return frames.length; });
    const start = vi.fn();
    afterFirstPaint(window, start, 60_000);
    await new Promise((r) => setTimeout(r, 20));
    expect(start).not.toHaveBeenCalled();
    frames[0]?.(0);
    expect(start).not.toHaveBeenCalled(); // not inside the frame: after it is drawn
    await vi.waitFor(() => { expect(start).toHaveBeenCalledTimes(1); });
  });

  it('starts at once in a tab opened in the background, where no frame comes', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const start = vi.fn();
    afterFirstPaint(window, start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts after the fallback when no frame comes', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    const start = vi.fn();
    afterFirstPaint(window, start, 10);
    await vi.waitFor(() => { expect(start).toHaveBeenCalledTimes(1); });
  });
});
