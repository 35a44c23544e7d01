// The overlay in jsdom: sections from the configuration, a switch change sent to the game once,
// and the search box filtering across sections by label.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { HIDDEN_SETTINGS, SIDEBAR_ORDERS } from '../../contract/settings';
import SettingsOverlay from '../../src/features/settings/SettingsOverlay';
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

describe('Escape in the settings overlay (issue 18 item 2)', () => {
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
