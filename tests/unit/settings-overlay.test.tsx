// The overlay in jsdom: sections from the configuration, a switch change sent to the game once,
// and the search box filtering across sections by label.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HIDDEN_SETTINGS, SETTINGS_FIELDS, SIDEBAR_ORDERS } from '../../contract/settings';
import SettingsOverlay from '../../src/features/settings/SettingsOverlay';
import { sliderValueText } from '../../src/features/settings/sliderFormat';
import { fakeGameLink } from '../support/fakeGameLink';
import { renderWithShell } from '../support/render';

// The game is still loading: only changes reach it, not the whole object.
const game = fakeGameLink('loading');
/** What the game was told, as [method, payload]. */
const told = () => game.sent.map(({ method, payload }) => [method, payload]);



const config = { disabledSections: ['general' as const], hidden: HIDDEN_SETTINGS, order: SIDEBAR_ORDERS.standard };

beforeEach(() => { game.sent.length = 0; localStorage.clear(); });

describe('the settings overlay', () => {
  it('lists the enabled sections, hides those without a component, and sends each change', () => {
    renderWithShell(<SettingsOverlay payload={{ section: 'mouse' }} onClose={() => undefined} username="alice" />, { game, settingsConfig: config });
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(nav).queryByRole('button', { name: 'General' })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Account' })).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Mouse Settings' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('settings-username')).toHaveTextContent('alice');
    expect(screen.queryByLabelText('DPI')).toBeNull();
    // The whole object goes to the game when it loads (the settings store), not when the overlay opens.
    expect(told().filter(([m]) => m === 'OnAllSettings')).toHaveLength(0);
    fireEvent.click(screen.getByRole('switch', { name: 'Invert Y Axis' }));
    expect(told().at(-1)).toEqual(['OnSettingChanged', { name: 'invertY', value: true }]);
    expect(localStorage.getItem('game_settings_invertY')).toBe('true');
  });

  it('filters settings across sections by label', () => {
    renderWithShell(<SettingsOverlay payload={{}} onClose={() => undefined} />, { game, settingsConfig: config });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search settings' }), { target: { value: 'volume' } });
    const results = screen.getByTestId('settings-search-results');
    expect(within(results).getAllByRole('slider')).toHaveLength(5);
  });
});

describe('Escape in the settings overlay', () => {
  it('clears a typed search first and leaves the overlay open; the next Escape closes it', () => {
    const view = renderWithShell(<SettingsOverlay payload={{ section: 'mouse' }} onClose={() => undefined} />, { game, settingsConfig: config });
    act(() => view.overlays.open('settings', {}));
    const search = screen.getByRole('textbox', { name: 'Search settings' });
    search.focus();
    fireEvent.change(search, { target: { value: 'sens' } });
    expect(screen.getByTestId('settings-search-results')).toBeInTheDocument();
    fireEvent.keyDown(search, { key: 'Escape', code: 'Escape' });
    expect(view.overlays.getState().overlay?.key).toBe('settings');
    expect(search).toHaveValue('');
    expect(screen.queryByTestId('settings-search-results')).toBeNull();
    fireEvent.keyDown(search, { key: 'Escape', code: 'Escape' });
    expect(view.overlays.getState().overlay).toBeNull();
  });
});

describe('the search title, the phone drawer, one number format per kind', () => {
  it('a search is titled "Search results", not the last section\'s name; clearing it brings the section back', () => {
    renderWithShell(<SettingsOverlay payload={{ section: 'mouse' }} onClose={() => undefined} />, { game, settingsConfig: config });
    const search = screen.getByRole('textbox', { name: 'Search settings' });
    fireEvent.change(search, { target: { value: 'volume' } });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Search results');
    fireEvent.change(search, { target: { value: '' } });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Mouse Settings');
  });

  describe('on a 390 px phone', () => {
    const width = window.innerWidth;
    beforeEach(() => { Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 }); });
    afterEach(() => { Object.defineProperty(window, 'innerWidth', { configurable: true, value: width }); });
    const openDrawer = () => {
      const view = renderWithShell(<SettingsOverlay payload={{ section: 'mouse' }} onClose={() => view.overlays.close()} />, { game, settingsConfig: config });
      act(() => view.overlays.open('settings', {}));
      fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
      const nav = screen.getByRole('navigation', { name: 'Settings sections' });
      return { view, nav };
    };

    it('Escape with the sections drawer open closes the drawer, not the overlay; the next Escape closes the overlay', async () => {
      const { view, nav } = openDrawer();
      fireEvent.keyDown(within(nav).getByRole('button', { name: 'Audio' }), { key: 'Escape', code: 'Escape' });
      expect(view.overlays.getState().overlay?.key).toBe('settings');
      await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Settings sections' })).toBeNull());
      fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape' });
      expect(view.overlays.getState().overlay).toBeNull();
    });

    it('Back (popstate) with the drawer open closes the drawer only, and the drawer keeps one history entry while open', async () => {
      const before = window.history.length;
      const { view } = openDrawer();
      expect(window.history.length).toBe(before + 1);
      act(() => { window.dispatchEvent(new PopStateEvent('popstate', { state: null })); });
      expect(view.overlays.getState().overlay?.key).toBe('settings');
      await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Settings sections' })).toBeNull());
    });
  });

  it('sensitivities share one format ("1.00x" next to "1.00x", not "1"), a plain value shows its step\'s decimals', () => {
    renderWithShell(<SettingsOverlay payload={{ section: 'mouse' }} onClose={() => undefined} />, { game, settingsConfig: config });
    expect(screen.getByTestId('setting-mouseSensitivity-value')).toHaveTextContent('1.00x');
    expect(screen.getByTestId('setting-adsSensitivity-value')).toHaveTextContent('1.00x');
    expect(screen.getByTestId('setting-scopedSensitivity-value')).toHaveTextContent('0.75x');
    expect(sliderValueText(SETTINGS_FIELDS.crosshairSize, 2)).toBe('2.0');
    expect(sliderValueText(SETTINGS_FIELDS.crosshairSize, 2.5)).toBe('2.5');
    expect(sliderValueText(SETTINGS_FIELDS.fov, 90)).toBe('90');
    expect(sliderValueText(SETTINGS_FIELDS.dpi, 3200)).toBe('3,200');
  });
});
