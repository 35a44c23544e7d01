// The overlay in jsdom: sections from the configuration, a switch change sent to the game once,
// and the search box filtering across sections by label.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HIDDEN_SETTINGS, SIDEBAR_ORDERS } from '../../contract/settings';

const sent = vi.hoisted(() => [] as Array<[string, unknown]>);
vi.mock('../../src/game/game', () => ({ sendToGame: (method: string, payload?: unknown) => { sent.push([method, payload]); } }));

const { default: SettingsOverlay } = await import('../../src/features/settings/SettingsOverlay');

const config = { disabledSections: ['general' as const], hidden: HIDDEN_SETTINGS, order: SIDEBAR_ORDERS.standard };

beforeEach(() => { sent.length = 0; localStorage.clear(); });

describe('the settings overlay', () => {
  it('lists the enabled sections, hides those without a component, and sends each change', () => {
    render(<MantineProvider><SettingsOverlay payload={{ section: 'mouse' }} onClose={() => undefined} config={config} username="alice" /></MantineProvider>);
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(nav).queryByRole('button', { name: 'General' })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Account' })).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Mouse Settings' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('settings-username')).toHaveTextContent('alice');
    expect(screen.queryByLabelText('DPI')).toBeNull();
    // The whole object goes to the game when it loads (src/app/SettingsToGame), not when the overlay opens.
    expect(sent.filter(([m]) => m === 'OnAllSettings')).toHaveLength(0);
    fireEvent.click(screen.getByRole('switch', { name: 'Invert Y Axis' }));
    expect(sent.at(-1)).toEqual(['OnSettingChanged', { name: 'invertY', value: true }]);
    expect(localStorage.getItem('game_settings_invertY')).toBe('true');
  });

  it('filters settings across sections by label', () => {
    render(<MantineProvider><SettingsOverlay payload={{}} onClose={() => undefined} config={config} /></MantineProvider>);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search settings' }), { target: { value: 'volume' } });
    const results = screen.getByTestId('settings-search-results');
    expect(within(results).getAllByRole('slider')).toHaveLength(5);
  });
});
