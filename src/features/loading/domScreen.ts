// The loading screen, its one implementation: index.html's first frame (firstFrame.ts), adopted
// as it is (never redrawn) and kept alive in plain DOM from the loading actor until the game
// completes. React draws none of it (src/app/mountShell.tsx mounts beside it), so React, react-dom
// and the rest of the first screen's components are not on the first screen at all, and the
// screen never jumps. Until the player's catalog is in, the words stay hidden (index.html's rule
// on an .ls-root without data-testid); localize() writes them in that language and adds the test
// ids, which reveals them.
//
// It does all the screen does while the game loads: the bar, the percentage and the megabytes,
// the cycling messages, the background following the pointer, the 100 % and the fade-out when the
// game completes, and its removal (with its stylesheet) once hidden; and, when the game cannot be
// loaded, what went wrong with a Retry button instead of a frozen bar.
import { LOADING_MESSAGES, loadingPhase, type LoadingPhase } from '../../../machines/loading';
import { t, type MessageId } from '../../i18n';
import { formatPercent } from '../../i18n/format';
import { megabytesText as megabytesWords, plainMegabytesText } from './megabytes';
import { pageData } from '../../api/pageData';
import { followPointer } from './drift';
import { showLoadingEffects } from './effects';
import { streakBadge } from './streakBadge';
import { LOADING_STYLE_ID, firstFrameMarkup } from './firstFrame';
import type { LoadingActor } from './types';

export interface DomLoadingScreen {
  /**
   * The catalog is in (or the language changed): the words in the player's language, and the
   * screen answers to its test ids. False once the screen is gone (nothing more to write).
   */
  localize(): boolean;
  /** No more updates from here (the screen stays as it is). */
  stop(): void;
}

export function driveLoadingScreen(root: HTMLElement, actor: LoadingActor, onRetry: () => void, win: Window = window): DomLoadingScreen {
  const doc = root.ownerDocument;
  const found = root.querySelector<HTMLElement>(':scope > .ls-root');
  if (!found) {
    // A page without index.html's first frame (a test page, a saved page): the same markup.
    root.innerHTML = firstFrameMarkup();
    root.setAttribute('data-first-frame', '');
    // Drawn now, long after the page's first paint: its effects at once (effects.ts).
    showLoadingEffects(root);
  }
  const screen = found ?? (root.firstElementChild as HTMLElement);
  const part = <T extends Element = HTMLElement>(selector: string): T | null => screen.querySelector<T>(selector);
  const background = part('.ls-bg');
  const top = { version: part('.ls-badge:not(.ls-streak)'), streak: part('.ls-streak') };
  const message = part('.ls-message');
  const bar = part('.ls-bar');
  const fill = part('.ls-fill');
  const percentText = part('.ls-percent');
  const megabytesText = percentText?.nextElementSibling as HTMLElement | null | undefined;
  const bottom = part('.ls-bottom');
  /** The message, the bar and the figures: put back after a failed load's Retry. */
  const loadingParts = bottom ? [...bottom.children] : [];
  const page = pageData(doc);

  let localized = false;
  let shown = Number.NaN;
  let messageIndex = 0;
  let messageVisible = true;
  let phase: LoadingPhase = 'loading';

  const writeProgress = () => {
    const percent = Math.floor(shown);
    if (fill) fill.style.transform = `scaleX(${shown / 100})`;
    bar?.setAttribute('aria-valuenow', String(percent));
    if (percentText) percentText.textContent = localized ? formatPercent(percent) : `${percent}%`;
    if (megabytesText) megabytesText.textContent = localized ? megabytesWords(t, shown, page.gameBytes) : plainMegabytesText(shown, page.gameBytes);
  };
  const writeMessage = () => {
    if (!message) return;
    message.dataset.visible = String(messageVisible);
    const index = messageIndex % LOADING_MESSAGES.length;
    message.textContent = localized ? t(`loading.message.${index}` as MessageId) : (LOADING_MESSAGES[index] ?? '');
  };

  let failure: string | null = null;
  /** What went wrong and Retry in place of the message and the bar (written once the words are in); back again on a retry. */
  const writeFailure = () => {
    if (!bottom) return;
    if (phase !== 'failed') { bottom.replaceChildren(...loadingParts); return; }
    if (!localized) return;
    const alert = doc.createElement('div');
    alert.className = 'ls-error';
    alert.setAttribute('role', 'alert');
    alert.dataset.testid = 'loading-error';
    const title = doc.createElement('h2');
    title.textContent = t('loading.failedTitle');
    const hint = doc.createElement('p');
    hint.textContent = t('loading.failedHint');
    alert.append(title, hint);
    if (failure) {
      // The loader's own diagnostic stays in English (it names files and is what support searches
      // for); the label before it is in the player's language, and lang="en" lets a screen reader
      // pronounce it as English.
      const detail = doc.createElement('p');
      detail.className = 'ls-error-detail';
      const english = doc.createElement('span');
      english.lang = 'en';
      english.textContent = failure;
      detail.append(`${t('loading.failedDetail')} `, english);
      alert.append(detail);
    }
    const retry = doc.createElement('button');
    retry.type = 'button';
    retry.className = 'ls-retry';
    retry.textContent = t('common.retry');
    retry.addEventListener('click', () => { onRetry(); });
    alert.append(retry);
    bottom.replaceChildren(alert);
  };

  const render = (snapshot: ReturnType<LoadingActor['getSnapshot']>) => {
    const nextPhase = loadingPhase(snapshot);
    if (nextPhase !== phase || (phase === 'failed' && snapshot.context.error !== failure)) {
      const wasFailed = phase === 'failed';
      phase = nextPhase;
      failure = snapshot.context.error;
      screen.dataset.phase = phase;
      if (phase === 'hidden') { remove(); return; }
      if (phase === 'failed' || wasFailed) writeFailure();
    }
    // One decimal is all the bar can show (as LoadingProgress).
    const nextShown = Math.round(snapshot.context.displayed * 10) / 10;
    if (nextShown !== shown) { shown = nextShown; writeProgress(); }
    if (snapshot.context.messageIndex !== messageIndex || snapshot.context.messageVisible !== messageVisible) {
      messageIndex = snapshot.context.messageIndex;
      messageVisible = snapshot.context.messageVisible;
      writeMessage();
    }
  };

  const subscription = actor.subscribe(render);
  const stopDrift = background ? followPointer(background, win) : () => undefined;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    subscription.unsubscribe();
    stopDrift();
  };
  // Hidden: gone from the page with its stylesheet.
  function remove() {
    stop();
    screen.remove();
    doc.getElementById(LOADING_STYLE_ID)?.remove();
  }
  render(actor.getSnapshot());

  return {
    localize() {
      if (stopped) return false;
      localized = true;
      screen.dataset.testid = 'loading-screen';
      if (background) background.dataset.testid = 'loading-background';
      if (top.version) top.version.dataset.testid = 'version-badge';
      if (top.streak) {
        top.streak.dataset.testid = 'streak-badge';
        const badge = streakBadge(page);
        top.streak.title = badge.title;
        if (badge.ended) top.streak.dataset.ended = 'true';
        const icon = badge.ended ? null : top.streak.querySelector('svg');
        top.streak.replaceChildren(...(icon ? [icon] : []), doc.createTextNode(badge.text));
      }
      if (message) message.dataset.testid = 'loading-message';
      bar?.setAttribute('aria-label', t('loading.barLabel'));
      if (percentText) percentText.dataset.testid = 'loading-percent';
      if (megabytesText) megabytesText.dataset.testid = 'loading-megabytes';
      writeMessage();
      writeProgress();
      if (phase === 'failed') writeFailure();
      return true;
    },
    stop,
  };
}
