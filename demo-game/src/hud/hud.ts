// The HUD: DOM over the canvas (text is what the DOM does best, and tests can read it).
// It is inserted as the canvas's next sibling and laid over the canvas's box, so it stays
// inside whatever stacking context the shell gives the canvas: shell overlays cover it.
// Nothing here runs per frame except the cheap text updates, which are skipped when unchanged.
import { HOST_TRIGGERS, type HostTrigger } from '../host';
import type { GameSettings } from '../settings';
import { HOOK_TRIGGERS, MESSAGE_TRIGGERS, type Trigger } from '../triggers';
import { renderCrosshair } from './crosshair';
import { helpLine } from './help';
import { gameWords } from './words';
import { HUD_CSS, HUD_STYLE_ID } from './styles';

const LOG_LINES = 6;

export interface HudCallbacks {
  onTrigger(trigger: Trigger): void;
  /** A host API button (Invite, Rewarded ad, ...); absent: the section is not shown. */
  onHostTrigger?(trigger: HostTrigger): void;
  onToggleMenu(): void;
}

/** What the host API gave the game, as the HUD shows it (null: nothing yet). */
export interface HostView {
  room: string | null;
  party: string | null;
  presence: string | null;
  /** The last answer to a host button. */
  answer: string | null;
  /** An ad is playing: the game is paused and muted. */
  ad: string | null;
}

export interface Hud {
  root: HTMLElement;
  /** Once per frame: if the shell moved the canvas (e.g. parked it), the HUD follows. */
  follow(): void;
  applySettings(settings: GameSettings): void;
  setFps(fps: number): void;
  setPlayer(text: string): void;
  setWeapon(text: string): void;
  setFiring(firing: boolean): void;
  setPointerLocked(locked: boolean): void;
  setMenuOpen(open: boolean): void;
  setHost(view: HostView): void;
  log(line: string): void;
  destroy(): void;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, testId?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (testId) node.dataset.testid = testId;
  if (text !== undefined) node.textContent = text;
  return node;
}

function injectStyles(): void {
  if (document.getElementById(HUD_STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = HUD_STYLE_ID;
  style.textContent = HUD_CSS;
  document.head.appendChild(style);
}

function menuSection<T extends { testId: string; label: string }>(title: string, triggers: readonly T[], onTrigger: (t: T) => void): HTMLElement {
  const section = el('section', 'dg-menu-section');
  const list = el('div', 'dg-menu-buttons');
  for (const trigger of triggers) {
    const button = el('button', 'dg-menu-button', trigger.testId, trigger.label);
    button.type = 'button';
    button.addEventListener('click', () => onTrigger(trigger));
    list.appendChild(button);
  }
  section.append(el('h3', '', undefined, title), list);
  return section;
}

export function createHud(canvas: HTMLCanvasElement, title: string, callbacks: HudCallbacks): Hud {
  injectStyles();
  const root = el('div', 'dg-hud', 'demo-hud');

  const player = el('div', '', 'demo-player', 'Playing as guest');
  const weapon = el('div', '', 'demo-weapon');
  const topLeft = el('div', 'dg-top-left');
  const room = el('div', '', 'demo-room');
  const party = el('div', '', 'demo-party');
  const presence = el('div', '', 'demo-presence');
  const answer = el('div', '', 'demo-host-answer');
  for (const line of [room, party, presence, answer]) line.hidden = true;
  topLeft.append(el('div', 'dg-title', undefined, `Demo Arena · ${title}`), player, weapon, room, party, presence, answer);
  const ad = el('div', 'dg-ad', 'demo-ad');
  ad.setAttribute('role', 'status');
  ad.hidden = true;

  const fps = el('div', 'dg-fps', 'demo-fps', 'FPS --');
  const menuButton = el('button', '', 'demo-menu-toggle', 'Menu (M)');
  menuButton.type = 'button';
  menuButton.setAttribute('aria-expanded', 'false');
  menuButton.setAttribute('aria-controls', 'demo-game-menu');
  menuButton.addEventListener('click', () => callbacks.onToggleMenu());
  const topRight = el('div', 'dg-top-right');
  topRight.append(fps, menuButton);

  const crosshair = el('div', 'dg-crosshair', 'demo-crosshair');
  const log = el('div', 'dg-log', 'demo-hud-log');
  log.setAttribute('role', 'log');
  log.setAttribute('aria-live', 'polite');
  const help = el('div', 'dg-help', 'demo-help');
  const prompt = el('div', 'dg-prompt', 'demo-prompt', 'Click to play');

  const menu = el('div', 'dg-menu', 'demo-menu');
  const menuHeading = el('h2', '', undefined, 'Game menu');
  let shownLanguage = 'en';
  menu.id = 'demo-game-menu';
  menu.setAttribute('role', 'region');
  menu.setAttribute('aria-label', 'Game menu');
  menu.hidden = true;
  menu.append(
    menuHeading,
    menuSection('Shell hooks', HOOK_TRIGGERS, callbacks.onTrigger),
    menuSection('Overlays and modals', MESSAGE_TRIGGERS, callbacks.onTrigger),
  );
  const { onHostTrigger } = callbacks;
  if (onHostTrigger) menu.insertBefore(menuSection('Host', HOST_TRIGGERS, onHostTrigger), menu.children[1] ?? null);

  root.append(topLeft, topRight, crosshair, log, help, prompt, ad, menu);
  canvas.insertAdjacentElement('afterend', root);

  // Keep the HUD over the canvas's box, wherever the shell puts the canvas.
  const place = () => {
    root.style.left = `${canvas.offsetLeft}px`;
    root.style.top = `${canvas.offsetTop}px`;
    root.style.width = `${canvas.offsetWidth}px`;
    root.style.height = `${canvas.offsetHeight}px`;
  };
  place();
  const resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : null;
  resizeObserver?.observe(canvas);
  window.addEventListener('resize', place);

  let shownFps = '';
  let shownWeapon = '';
  let crosshairKey = '';
  return {
    root,
    follow() {
      if (canvas.nextElementSibling === root) return;
      canvas.insertAdjacentElement('afterend', root);
      place();
    },
    applySettings(settings) {
      fps.hidden = !settings.showFps;
      const key = `${settings.crosshairStyle}:${settings.crosshairSize}`;
      if (key !== crosshairKey) {
        crosshairKey = key;
        renderCrosshair(crosshair, settings.crosshairStyle, settings.crosshairSize);
      }
      help.textContent = helpLine(settings.keyBindings, settings.sprintMode, settings.language);
      const words = gameWords(settings.language);
      prompt.textContent = words.clickToPlay;
      menuButton.textContent = words.menuButton;
      menuHeading.textContent = words.gameMenu;
      menu.setAttribute('aria-label', words.gameMenu);
      if (player.textContent === gameWords(shownLanguage).playingAsGuest) player.textContent = words.playingAsGuest;
      shownLanguage = settings.language;
    },
    setFps(value) {
      const text = `FPS ${Math.round(value)}`;
      if (text !== shownFps) fps.textContent = shownFps = text;
    },
    setPlayer(text) {
      player.textContent = text;
    },
    setWeapon(text) {
      if (text !== shownWeapon) weapon.textContent = shownWeapon = text;
    },
    setFiring(firing) {
      crosshair.classList.toggle('dg-firing', firing);
    },
    setPointerLocked(locked) {
      prompt.hidden = locked;
    },
    setMenuOpen(open) {
      menu.hidden = !open;
      menuButton.setAttribute('aria-expanded', String(open));
    },
    setHost(view) {
      const show = (node: HTMLElement, label: string, text: string | null) => {
        node.hidden = text === null;
        node.textContent = text === null ? '' : `${label}${text}`;
      };
      show(room, 'Room: ', view.room);
      show(party, 'Party: ', view.party);
      show(presence, 'Presence: ', view.presence);
      show(answer, '', view.answer);
      show(ad, '', view.ad);
    },
    log(line) {
      log.appendChild(el('div', 'dg-log-line', undefined, line));
      while (log.childElementCount > LOG_LINES) log.firstElementChild?.remove();
    },
    destroy() {
      resizeObserver?.disconnect();
      window.removeEventListener('resize', place);
      root.remove();
      if (!document.querySelector('.dg-hud')) document.getElementById(HUD_STYLE_ID)?.remove();
    },
  };
}
