// The loading screen's effects (its background picture, the shade's gradient, the badges' blur,
// the glows) are switched on a frame after its first paint: that first frame paints flat, in
// its colours and layout only, which a software rasterizer draws as fast as a blank page; the
// picture and the glows come one frame later (loadingScreen.css, the rules under EFFECTS_ATTRIBUTE).
// Tiny and import-free: the page's first chunk (src/app/startup.ts) calls it.

/**
 * Set on the page's root (#root, which carries index.html's data-first-frame) once the first flat
 * frame is on screen; the screen (domScreen.ts) lives in it until the game completes.
 */
export const EFFECTS_ATTRIBUTE = 'data-effects';

/** Switches the loading screen's effects on (idempotent). */
export function showLoadingEffects(root: Element): void {
  root.setAttribute(EFFECTS_ATTRIBUTE, '');
}
