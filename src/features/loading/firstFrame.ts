// The loading screen's first frame as plain HTML, written into index.html at build time (see
// vite.config.ts) together with the loading screen's stylesheet. The page then paints the
// loading screen as soon as its HTML arrives, instead of after the shell's JavaScript has
// downloaded and run (first paint went from 5.4x to about 1x a blank page). domScreen.ts adopts
// these very nodes and keeps them alive; nothing redraws them (tests/unit/loading-first-frame.test.ts).
import { LOADING, LOADING_MESSAGES } from '../../../machines/loading';

/** Defaults when the page passes none (dailyStreak defaults to 223). */
export const DEFAULT_VERSION_LABEL = 'v1.3';
export const DEFAULT_DAILY_STREAK = 223;
export const FLAME_PATH = 'M12 2c1 3.5-1.6 5.4-2.9 7.3C7.7 11.2 7 12.8 7 14.6A5 5 0 0 0 17 15c0-2.3-1.1-3.9-2.2-5.2.1 1.6-.5 2.8-1.6 3.4.5-3.7-.4-8.3-1.2-11.2z';
export const LOADING_STYLE_ID = 'loading-screen-styles';

/** The loading screen at time 0: defaults, the first message, the start percentage. */
export function firstFrameMarkup(): string {
  const percent = LOADING.startPercent;
  return [
    '<div class="ls-root" data-phase="loading">',
    '<div class="ls-bg" aria-hidden="true"></div>',
    '<div class="ls-shade"></div>',
    '<div class="ls-top">',
    `<span class="ls-badge">${DEFAULT_VERSION_LABEL}</span>`,
    `<span class="ls-badge ls-streak" title="Days in a row with a game update"><svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor"><path d="${FLAME_PATH}"></path></svg>${DEFAULT_DAILY_STREAK} day streak</span>`,
    '</div>',
    '<div class="ls-center"><h1 class="ls-title">TRIPSHELL</h1></div>',
    '<div class="ls-bottom">',
    `<p class="ls-message" data-visible="true" aria-live="polite">${LOADING_MESSAGES[0]}</p>`,
    `<div class="ls-bar" role="progressbar" aria-label="Loading the game" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${percent}"><div class="ls-fill" style="transform: scaleX(${percent / 100})"></div></div>`,
    `<div class="ls-stats"><span class="ls-percent">${percent}%</span><span></span></div>`,
    '</div>',
    '</div>',
  ].join('');
}
