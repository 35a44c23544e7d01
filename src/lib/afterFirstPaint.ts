// The page's one "after the first paint": src/app/startup.ts runs the game's start, the loading
// screen's effects and the shell's start after index.html's loading screen is on screen (and
// hands it down).

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
