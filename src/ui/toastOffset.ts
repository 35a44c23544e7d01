// Every toast shows in one place, the top centre of the screen, and never over what an open
// dialog needs to be read and used: its header (title, close button), its tabs, its status and
// error boxes, and, where the dialog leaves room, its controls. While a dialog is open the toasts
// move down to the first band of the screen clear of those, measured as dialogs open, close,
// scroll and resize. The place is a CSS variable on the document (--toast-top, read by
// Toasts.module.css); the choice itself (toastTop) is pure.

/** What a toast must never cover: dialog headers, tab lists and segmented tabs, status and error boxes. */
const MUST_CLEAR = '.mantine-Modal-header, [data-overlay-frame] > header, [role="tablist"], .mantine-SegmentedControl-root, [role="alert"], [role="status"], .mantine-Alert-root';
/** What a toast keeps clear of where the dialog leaves room: its controls. */
const SHOULD_CLEAR = 'button, input, select, textarea, a[href]';
export const TOAST_TOP_GAP = 16;
/** Room a toast takes (one line of title, one of message, padding) when none is on screen to measure. */
export const TOAST_HEIGHT = 72;
const GAP = 8;

export interface Band { top: number; bottom: number; left: number; right: number }

const overlaps = (a: Band, top: number, bottom: number, left: number, right: number) =>
  a.top < bottom && a.bottom > top && a.left < right && a.right > left;

/**
 * Where the toasts start: the highest place from the top gap down where a toast column
 * (`width` wide, centred) of `height` covers nothing in `mustClear` and, if such a place exists,
 * nothing in `shouldClear` either. With nothing to keep clear, the top gap.
 */
export function toastTop(mustClear: readonly Band[], shouldClear: readonly Band[], viewport: { width: number; height: number }, height = TOAST_HEIGHT, width = 356): number {
  const left = Math.max(0, (viewport.width - width) / 2);
  const right = Math.min(viewport.width, left + width);
  const lowest = viewport.height - height - TOAST_TOP_GAP;
  const candidates = [TOAST_TOP_GAP, ...[...mustClear, ...shouldClear].map((b) => Math.ceil(b.bottom) + GAP)]
    .filter((y) => y >= TOAST_TOP_GAP && y <= lowest)
    .sort((a, b) => a - b);
  const clearOf = (bands: readonly Band[]) => (y: number) => !bands.some((b) => overlaps(b, y, y + height, left, right));
  const clearOfMust = clearOf(mustClear);
  const clearOfAll = (y: number) => clearOfMust(y) && clearOf(shouldClear)(y);
  return candidates.find(clearOfAll) ?? candidates.find(clearOfMust) ?? TOAST_TOP_GAP;
}

function bands(doc: Document, selector: string): Band[] {
  return [...doc.querySelectorAll<HTMLElement>(selector)]
    .filter((el) => el.closest('[role="dialog"]') !== null && el.closest('.mantine-Notifications-root') === null)
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0)
    .map((r) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right }));
}

function measure(doc: Document): number {
  const win = doc.defaultView;
  const shown = doc.querySelector<HTMLElement>('.mantine-Notifications-notification');
  const height = shown ? Math.max(TOAST_HEIGHT, shown.getBoundingClientRect().height) : TOAST_HEIGHT;
  return toastTop(bands(doc, MUST_CLEAR), bands(doc, SHOULD_CLEAR), { width: win?.innerWidth ?? 1280, height: win?.innerHeight ?? 800 }, height);
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
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class', 'hidden'] });
  doc.defaultView?.addEventListener('resize', schedule);
  doc.addEventListener('scroll', schedule, true);
  update();
  return () => {
    observer.disconnect();
    doc.defaultView?.removeEventListener('resize', schedule);
    doc.removeEventListener('scroll', schedule, true);
    if (frame) cancelAnimationFrame(frame);
  };
}
