// Toasts at the top of the screen (the economy area, top-center) must not cover an open modal's
// title or its close button: while a dialog is open, the top toasts start below its header.
// The offset is a CSS variable on the document (--toast-top, read by Toasts.module.css), kept
// up to date as dialogs open, close and resize.

/** The headers a toast must keep clear of: Mantine modals' and the full-screen overlays'. */
const HEADER_SELECTOR = '.mantine-Modal-header, [data-overlay-frame] > header';
export const TOAST_TOP_GAP = 16;

/** Where top toasts start: below the lowest visible dialog header that reaches into the top of the screen. */
export function toastTopOffset(headerBottoms: readonly number[], viewportHeight: number): number {
  // A header lower than half the screen (a small dialog in the middle) leaves the top free.
  const near = headerBottoms.filter((bottom) => bottom > 0 && bottom < viewportHeight / 2);
  return near.length === 0 ? TOAST_TOP_GAP : Math.ceil(Math.max(...near)) + 8;
}

function measure(doc: Document): number {
  const bottoms = [...doc.querySelectorAll<HTMLElement>(HEADER_SELECTOR)]
    .filter((el) => el.closest('[role="dialog"]') !== null)
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0)
    .map((r) => r.bottom);
  return toastTopOffset(bottoms, doc.defaultView?.innerHeight ?? 800);
}

/** Keeps --toast-top in step with the open dialogs; returns the stop function. */
export function followDialogHeaders(doc: Document = document): () => void {
  let frame = 0;
  const update = () => {
    frame = 0;
    doc.documentElement.style.setProperty('--toast-top', `${measure(doc)}px`);
  };
  const schedule = () => { if (!frame) frame = requestAnimationFrame(update); };
  const observer = new MutationObserver(schedule);
  observer.observe(doc.body, { childList: true, subtree: true });
  doc.defaultView?.addEventListener('resize', schedule);
  update();
  return () => {
    observer.disconnect();
    doc.defaultView?.removeEventListener('resize', schedule);
    if (frame) cancelAnimationFrame(frame);
  };
}
