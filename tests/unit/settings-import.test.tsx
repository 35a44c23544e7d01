// Export files: the round trip, every kind of bad file refused with its reason, and (in the
// overlay) a refused file changes nothing while a good one is applied and sent to the game.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS, HIDDEN_SETTINGS, SETTINGS_IMPORT_TEXT, SIDEBAR_ORDERS, parseSettingsImport, settingsExportOf, type SettingsValues,
} from '../../contract/settings';
import SettingsOverlay from '../../src/features/settings/SettingsOverlay';
import { fakeGameLink } from '../support/fakeGameLink';
import { renderWithShell } from '../support/render';

// The game is still loading: only changes reach it, not the whole object.
const game = fakeGameLink('loading');
/** What the game was told, as [method, payload]. */
const told = () => game.sent.map(({ method, payload }) => [method, payload]);


const custom: SettingsValues = { ...DEFAULT_SETTINGS, masterVolume: 35, invertY: true, keyBindingsV2: { ...DEFAULT_SETTINGS.keyBindingsV2, jump: 273 } };
const file = (settings: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ format: 'tripshell-settings', version: 1, settings, ...extra });

beforeEach(() => { game.sent.length = 0; localStorage.clear(); });

describe('parseSettingsImport', () => {
  it('reads back what export writes', () => {
    expect(parseSettingsImport(JSON.stringify(settingsExportOf(custom)))).toEqual({ ok: true, settings: custom });
  });

  it.each([
    ['not JSON', '{"format":', SETTINGS_IMPORT_TEXT.notJson],
    ['another JSON file', JSON.stringify({ name: 'package' }), SETTINGS_IMPORT_TEXT.wrongFormat],
    ['an array', '[]', SETTINGS_IMPORT_TEXT.wrongFormat],
    ['a bare settings object', JSON.stringify(custom), SETTINGS_IMPORT_TEXT.wrongFormat],
    ['too large', ' '.repeat(70_000), SETTINGS_IMPORT_TEXT.tooLarge],
  ])('refuses %s', (_, text, error) => {
    expect(parseSettingsImport(text)).toEqual({ ok: false, error });
  });

  it.each([
    ['an out-of-range value', { ...custom, masterVolume: 101 }, /Master Volume \(masterVolume\) is above its maximum of 100/],
    ['a value off the step grid', { ...custom, mouseSensitivity: 1.234 }, /mouseSensitivity/],
    ['a wrong type', { ...custom, invertY: 'yes' }, /Invert Y Axis \(invertY\) should be a boolean/],
    ['an unknown option', { ...custom, theme: 'neon' }, /theme/],
    ['an unknown setting', { ...custom, wallhack: true }, /unknown setting \(wallhack\)/],
    ['a missing setting', (({ fov: _f, ...rest }) => rest)(custom), /Field of View \(fov\) is missing/],
    ['a bad key code', { ...custom, keyBindingsV2: { jump: 9999 } }, /keyBindingsV2/],
  ])('refuses a file with %s, naming it', (_, settings, pattern) => {
    const result = parseSettingsImport(file(settings));
    expect(result.ok).toBe(false);
    if (!result.ok) { expect(result.error).toMatch(pattern); expect(result.error).toMatch(/Nothing was changed/); }
  });

  it('refuses a wrong version', () => {
    expect(parseSettingsImport(file(custom, { version: 2 })).ok).toBe(false);
  });
});

describe('import and reset in the overlay', () => {
  const config = { disabledSections: ['general' as const, 'video' as const], hidden: HIDDEN_SETTINGS, order: SIDEBAR_ORDERS.standard };
  const renderOverlay = () => renderWithShell(<SettingsOverlay payload={{ section: 'audio' }} onClose={() => undefined} />, { game, settingsConfig: config });
  const choose = async (text: string) => {
    const input = screen.getByTestId('settings-import-input') as HTMLInputElement;
    await act(async () => { fireEvent.change(input, { target: { files: [new File([text], 'settings.json', { type: 'application/json' })] } }); });
  };

  it('applies nothing from a refused file and says why', async () => {
    renderOverlay();
    await choose(file({ ...custom, masterVolume: 400 }));
    expect(await screen.findByTestId('settings-import-error')).toHaveTextContent(/masterVolume/);
    expect(told()).toEqual([]);
    expect(localStorage.getItem('game_settings_masterVolume')).toBeNull();
    expect(screen.getByTestId('setting-masterVolume-value')).toHaveTextContent('80%');
  });

  it('applies a good file: each changed, accepted value saved and sent; disabled sections untouched', async () => {
    renderOverlay();
    await choose(file({ ...custom, fov: 100 }));
    await waitFor(() => expect(screen.getByTestId('setting-masterVolume-value')).toHaveTextContent('35%'));
    expect(told()).toEqual(expect.arrayContaining([
      ['OnSettingChanged', { name: 'masterVolume', value: 35 }],
      ['OnSettingChanged', { name: 'invertY', value: true }],
      ['OnSettingChanged', { name: 'keyBindingsV2', value: custom.keyBindingsV2 }],
    ]));
    expect(told()).toHaveLength(3); // fov is in Video, disabled here
    expect(localStorage.getItem('game_settings_fov')).toBeNull();
    expect(localStorage.getItem('game_settings_masterVolume')).toBe('35');

    // A second, bad file after a good one: refused, the good values stay.
    await choose(file({ ...custom, masterVolume: 40, fov: 999 }));
    expect(await screen.findByTestId('settings-import-error')).toHaveTextContent(/fov/);
    expect(screen.getByTestId('setting-masterVolume-value')).toHaveTextContent('35%');
    expect(told()).toHaveLength(3);
  });

  it('resets a section only after the confirmation, sending each changed value', async () => {
    localStorage.setItem('game_settings_masterVolume', '10');
    localStorage.setItem('game_settings_musicVolume', '20');
    localStorage.setItem('game_settings_invertY', 'true');
    renderOverlay();
    const footer = screen.getByRole('contentinfo', { name: 'Manage settings' });
    fireEvent.click(within(footer).getByRole('button', { name: 'Reset Audio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Audio?' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('Every Audio setting goes back to its default value.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset Audio?' })).toBeNull(), { timeout: 10_000 });
    expect(told()).toEqual([]);
    fireEvent.click(within(footer).getByRole('button', { name: 'Reset Audio' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Reset Audio?' }, { timeout: 10_000 })).getByRole('button', { name: 'Reset Audio' }));
    await waitFor(() => expect(told()).toHaveLength(2), { timeout: 10_000 });
    expect(told()).toEqual([['OnSettingChanged', { name: 'masterVolume', value: 80 }], ['OnSettingChanged', { name: 'musicVolume', value: 60 }]]);
    expect(localStorage.getItem('game_settings_invertY')).toBe('true'); // Mouse is another section
  }, 30_000);
});

describe('the settings footer', () => {
  const config = { disabledSections: ['general' as const, 'video' as const], hidden: HIDDEN_SETTINGS, order: SIDEBAR_ORDERS.standard };
  const renderOn = (section: string) => renderWithShell(<SettingsOverlay payload={{ section }} onClose={() => undefined} />, { game, settingsConfig: config });

  it('is not shown under a section with nothing to reset', () => {
    renderOn('about');
    expect(screen.getByRole('heading', { name: 'About' })).toBeTruthy();
    expect(screen.queryByRole('contentinfo', { name: 'Manage settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset all' })).toBeNull();
  });

  it('keeps the four actions on one row and by name under a settings section', () => {
    renderOn('mouse');
    const footer = screen.getByRole('contentinfo', { name: 'Manage settings' });
    for (const name of ['Reset Mouse Settings', 'Reset all', 'Export settings', 'Import settings']) {
      expect(within(footer).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(footer).getByRole('button', { name: 'Reset all' }).closest('.mantine-Group-root')).toHaveStyle({ flexWrap: 'nowrap' });
  });
});
