// The page's one "after the first paint": src/app/startup.ts runs the game's start, the loading
// screen's effects and the shell's start after index.html's loading screen is on screen (and
// hands it down).

const isPaint = (e: PerformanceEntry) => e.name === 'first-paint' || e.name === 'first-contentful-paint';

/**
 * Whether the browser has already painted the page: its paint timing holds a first paint. The
 * parsed page often paints while the entry module is still on its way (a first paint 20-450 ms
 * before DOMContentLoaded was common in the end-to-end runs), and the start then need not wait
 * for one more frame. A browser without paint timing answers false.
 */
function pagePainted(win: Window): boolean {
  return (win.performance.getEntriesByType?.('paint') ?? []).some(isPaint);
}

/**
 * Runs `start` once the page is known to have painted: at once where its paint timing says so,
 * else at the first of that timing's report of the paint and the next frame (afterFirstPaint).
 * Chrome reports a paint only once the frame is on screen, in a task of its own: a page painted
 * 10-50 ms before its entry ran often had no entry yet when it looked. The report and the next
 * frame mostly come together; in 2 of 8 probed loads the report came 49 and 71 ms sooner.
 */
export function afterPagePainted(win: Window, start: () => void, fallbackMs = 100): void {
  if (pagePainted(win)) { start(); return; }
  let started = false;
  let observer: PerformanceObserver | undefined;
  const run = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    observer = new Observer((list) => { if (list.getEntries().some(isPaint)) run(); });
    observer.observe({ type: 'paint', buffered: true });
  }
  afterFirstPaint(win, run, fallbackMs);
}

/**
 * Runs `start` once the browser has painted index.html's loading screen: the entry module is evaluated
 * right when the page's HTML is parsed, and work done here before yielding would push the first
 * paint behind it. A message posted from an animation frame arrives after that frame is drawn; a
 * tab opened in the background draws no frames, so there (and if no frame comes) it starts anyway.
 */
export function afterFirstPaint(win: Window, start: () => void, fallbackMs = 100): void {
  let started = false;
  const run = () => { if (!started) { started = true; start(); } };
  if (win.document.visibilityState === 'hidden') { run(); return; }
  win.requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = run;
    channel.port2.postMessage(null);
  });
  win.setTimeout(run, fallbackMs);
}
