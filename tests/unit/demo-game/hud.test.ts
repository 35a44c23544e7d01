// The demo game's HUD in jsdom: crosshair styles and sizes, FPS, the help line, the menu of
// real buttons, the log, and that it cleans up after itself.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_KEY_BINDINGS, KEY } from '../../../contract/keys';
import { crosshairParts } from '../../../demo-game/src/hud/crosshair';
import { helpLine } from '../../../demo-game/src/hud/help';
import { createHud } from '../../../demo-game/src/hud/hud';
import { HUD_STYLE_ID } from '../../../demo-game/src/hud/styles';
import { CROSSHAIR_STYLES, DEFAULT_GAME_SETTINGS, applySetting } from '../../../demo-game/src/settings';
import { HOOK_TRIGGERS, MESSAGE_TRIGGERS } from '../../../demo-game/src/triggers';

function setup() {
  const host = document.createElement('div');
  const canvas = document.createElement('canvas');
  host.appendChild(canvas);
  document.body.appendChild(host);
  const onTrigger = vi.fn();
  const onToggleMenu = vi.fn();
  const hud = createHud(canvas, 'Training Yard', { onTrigger, onToggleMenu });
  hud.applySettings(DEFAULT_GAME_SETTINGS);
  return { host, canvas, hud, onTrigger, onToggleMenu, q: (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`) };
}

afterEach(() => {
  document.body.replaceChildren();
  document.getElementById(HUD_STYLE_ID)?.remove();
});

describe('crosshairParts', () => {
  it.each(CROSSHAIR_STYLES)('%s draws something centred on the screen', (style) => {
    const parts = crosshairParts(style, 2);
    expect(parts.length).toBeGreaterThan(0);
    const xs = parts.map((p) => p.x + p.width / 2);
    const ys = parts.map((p) => p.y + p.height / 2);
    expect(xs.reduce((a, b) => a + b, 0) / xs.length).toBeCloseTo(0);
    expect(ys.reduce((a, b) => a + b, 0) / ys.length).toBeCloseTo(0);
  });

  it('gives each style its own shape', () => {
    expect(crosshairParts('default', 2)).toHaveLength(4);
    expect(crosshairParts('dot', 2).map((p) => p.shape)).toEqual(['dot']);
    expect(crosshairParts('cross', 2)).toHaveLength(2);
    expect(crosshairParts('circle', 2).map((p) => p.shape)).toEqual(['ring', 'dot']);
    expect(crosshairParts('custom', 2).map((p) => p.shape)).toEqual(['diamond', 'dot']);
  });

  it.each(CROSSHAIR_STYLES)('%s grows with crosshairSize 1..5', (style) => {
    const extent = (size: number) => Math.max(...crosshairParts(style, size).map((p) => Math.max(p.x + p.width, p.y + p.height)));
    for (let size = 1; size < 5; size += 0.5) expect(extent(size + 0.5)).toBeGreaterThan(extent(size));
  });
});

describe('helpLine', () => {
  it('shows the current bindings', () => {
    expect(helpLine(DEFAULT_KEY_BINDINGS, 'hold')).toBe('W A S D move · Mouse look · Left Shift sprint · Space jump · E slide · Left Mouse fire · R reload · Esc settings · M menu');
    expect(helpLine({ ...DEFAULT_KEY_BINDINGS, moveForward: KEY.UpArrow, jump: 0 }, 'hold')).toMatch(/^Up Arrow A S D move .* Unbound jump/);
  });

  it('shows the sprint mode', () => {
    expect(helpLine(DEFAULT_KEY_BINDINGS, 'doubleTap')).toContain('Double Tap W sprint');
    expect(helpLine(DEFAULT_KEY_BINDINGS, 'toggle')).toContain('Left Shift (toggle) sprint');
  });
});

describe('createHud', () => {
  it('sits right after the canvas, over its box, with its styles injected once', () => {
    const { canvas, hud } = setup();
    expect(canvas.nextElementSibling).toBe(hud.root);
    expect(document.querySelectorAll(`#${HUD_STYLE_ID}`)).toHaveLength(1);
    createHud(canvas, 'x', { onTrigger: vi.fn(), onToggleMenu: vi.fn() });
    expect(document.querySelectorAll(`#${HUD_STYLE_ID}`)).toHaveLength(1);
  });

  it('follows the canvas when the shell moves it', () => {
    const { canvas, hud } = setup();
    const elsewhere = document.createElement('div');
    document.body.appendChild(elsewhere);
    elsewhere.appendChild(canvas);
    hud.follow();
    expect(canvas.nextElementSibling).toBe(hud.root);
  });

  it('draws the chosen crosshair and shows FPS only when asked', () => {
    const { hud, q } = setup();
    expect(q('demo-crosshair')?.dataset).toMatchObject({ style: 'default', size: '2' });
    expect(q('demo-crosshair')?.children).toHaveLength(4);
    expect(q('demo-fps')?.hidden).toBe(false);
    hud.setFps(59.6);
    expect(q('demo-fps')?.textContent).toBe('FPS 60');
    let settings = applySetting(DEFAULT_GAME_SETTINGS, 'crosshairStyle', 'circle');
    settings = applySetting(settings, 'crosshairSize', 4);
    settings = applySetting(settings, 'showFps', false);
    hud.applySettings(settings);
    expect(q('demo-crosshair')?.dataset).toMatchObject({ style: 'circle', size: '4' });
    expect(q('demo-fps')?.hidden).toBe(true);
  });

  it('has a real, named button for every trigger, wired to the game', () => {
    const { host, onTrigger, q } = setup();
    for (const trigger of [...HOOK_TRIGGERS, ...MESSAGE_TRIGGERS]) {
      const button = q(trigger.testId);
      expect(button?.tagName, trigger.testId).toBe('BUTTON');
      expect(button?.textContent).toBe(trigger.label);
    }
    q('demo-trigger-SHOW_CRATE_SHOP_MODAL-0')?.click();
    expect(onTrigger).toHaveBeenCalledWith(MESSAGE_TRIGGERS[0]);
    expect(host.querySelectorAll('.dg-menu button')).toHaveLength(HOOK_TRIGGERS.length + MESSAGE_TRIGGERS.length);
  });

  it('opens and closes the menu, and says so to assistive technology', () => {
    const { hud, onToggleMenu, q } = setup();
    expect(q('demo-menu')?.hidden).toBe(true);
    q('demo-menu-toggle')?.click();
    expect(onToggleMenu).toHaveBeenCalledOnce();
    hud.setMenuOpen(true);
    expect(q('demo-menu')?.hidden).toBe(false);
    expect(q('demo-menu-toggle')?.getAttribute('aria-expanded')).toBe('true');
    expect(q('demo-menu')?.getAttribute('aria-label')).toBe('Game menu');
  });

  it('keeps the last six log lines and shows the help line and the player', () => {
    const { hud, q } = setup();
    for (let i = 1; i <= 8; i++) hud.log(`line ${i}`);
    expect([...(q('demo-hud-log')?.children ?? [])].map((c) => c.textContent)).toEqual(['line 3', 'line 4', 'line 5', 'line 6', 'line 7', 'line 8']);
    expect(q('demo-hud-log')?.getAttribute('role')).toBe('log');
    expect(q('demo-help')?.textContent).toContain('W A S D move');
    hud.setPlayer('Playing as alice');
    expect(q('demo-player')?.textContent).toBe('Playing as alice');
  });

  it('removes itself and its styles on destroy', () => {
    const { host, hud } = setup();
    hud.destroy();
    expect(host.querySelector('.dg-hud')).toBeNull();
    expect(document.getElementById(HUD_STYLE_ID)).toBeNull();
  });
});

describe('the demo game in the player language', () => {
  it('writes its help line in the language the shell sends (OnSettingChanged language)', async () => {
    const { applySetting, DEFAULT_GAME_SETTINGS } = await import('../../../demo-game/src/settings');
    const german = applySetting(DEFAULT_GAME_SETTINGS, 'language', 'de');
    expect(german.language).toBe('de');
    expect(helpLine(german.keyBindings, german.sprintMode, german.language)).toBe('W A S D bewegen · Maus: umsehen · Left Shift sprinten · Space springen · E rutschen · Left Mouse schießen · R nachladen · Esc Einstellungen · M Menü');
    expect(applySetting(german, 'language', 'xx')).toBe(german);
  });
});
