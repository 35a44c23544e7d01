// Screens that used to end a player's way: a price chart of one sale drawn as a lone dot.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PriceChart } from '../../src/features/market/PriceChart';
import { setChosenLocale } from '../../src/i18n';
import { theme } from '../../src/app/theme';

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
