// Screens that used to end a player's way or surprise them: a price chart of one sale drawn as a
// lone dot, two Reset buttons for the same keyboard settings.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PriceChart } from '../../src/features/market/PriceChart';
import { MyListings } from '../../src/features/market/MyListings';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { SettingsActions } from '../../src/features/settings/SettingsActions';
import type { SettingsApi } from '../../src/features/settings/useSettings';
import { setChosenLocale } from '../../src/settings-store/language';
import { theme } from '../../src/app/theme';
import { renderWithShell } from '../support/render';

beforeAll(async () => { await setChosenLocale('en'); });
afterAll(async () => { await setChosenLocale(null); });

const chart = (sales: Array<{ unit_price: number; sold_at: string }>) =>
  render(createElement(MantineProvider, { theme }, createElement(PriceChart, { sales, itemName: 'Neon Visor' })));

describe('a price chart', () => {
  it('with one sale says its price in words instead of drawing a dot', () => {
    const view = chart([{ unit_price: 12.5, sold_at: '2026-11-01T10:00:00Z' }]);
    expect(screen.queryByTestId('price-chart')).toBeNull();
    expect(screen.getByTestId('price-single-sale')).toHaveTextContent(/One sale so far, at .*12\.50/);
    view.unmount();
  });

  it('draws a line from two sales on', () => {
    chart([{ unit_price: 12.5, sold_at: '2026-11-01T10:00:00Z' }, { unit_price: 14, sold_at: '2026-11-02T10:00:00Z' }]);
    expect(screen.getByTestId('price-chart')).toHaveAttribute('data-sales', '2');
  });
});

describe('resetting settings', () => {
  const api = { values: DEFAULT_SETTINGS, applyMany: () => 0 } as unknown as SettingsApi;
  it('offers one Reset per scope: the Keyboard panel has its own, so the footer adds none; other sections keep the footer\'s', () => {
    const keyboard = renderWithShell(createElement(SettingsActions, { api, section: 'keyboard', compact: false }));
    expect(screen.queryByRole('button', { name: /^Reset Keyboard/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Reset all/i })).toBeInTheDocument();
    keyboard.unmount();
    renderWithShell(createElement(SettingsActions, { api, section: 'mouse', compact: false }));
    expect(screen.getByRole('button', { name: /^Reset Mouse Settings/ })).toBeInTheDocument();
  });
});

describe('My listings', () => {
  it('can start a sale, with or without listings: the Marketplace\'s sell flow opens', () => {
    const mine = { isPending: false, data: { listings: [], total: 0 } } as unknown as Parameters<typeof MyListings>[0]['mine'];
    const view = renderWithShell(createElement(MyListings, { loggedIn: true, mine, onCancel: () => undefined }));
    fireEvent.click(screen.getByRole('button', { name: 'Sell an item' }));
    expect(view.overlays.getState().modal).toMatchObject({ key: 'marketplace', payload: { modalType: 'sell' } });
  });
});
