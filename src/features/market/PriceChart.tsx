// A small line of an item's recent sale prices (per unit, oldest first), as the server's stats
// give them. Beyond the spec: players of browser-game markets expect to see where prices went.
import { Text } from '@mantine/core';
import { formatTc } from '../../ui/formatTc';
import classes from './market.module.css';
import { t } from '../../i18n';

export interface ChartSale { unit_price: number; sold_at: string }

const WIDTH = 120;
const HEIGHT = 36;
const PAD = 3;

/** Points of the line in the chart's box: x by order, y by price (higher is up). */
export function chartPoints(prices: number[], width = WIDTH, height = HEIGHT, pad = PAD): Array<[number, number]> {
  if (prices.length === 0) return [];
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const span = max - min;
  const step = prices.length > 1 ? (width - 2 * pad) / (prices.length - 1) : 0;
  return prices.map((p, i) => [
    prices.length > 1 ? pad + i * step : width / 2,
    span === 0 ? height / 2 : pad + (1 - (p - min) / span) * (height - 2 * pad),
  ]);
}

export function PriceChart({ sales, itemName }: { sales: ChartSale[]; itemName: string }) {
  if (sales.length === 0) return <Text size="xs" c="gray.5" className={classes.noSales}>{t('market.PriceChart.noSalesYet')}</Text>;
  // One sale is a price, not a line: said in words instead of a lone dot.
  if (sales.length === 1) return <Text size="xs" c="gray.4" className={classes.noSales} data-testid="price-single-sale">{t('market.PriceChart.oneSale', { price: formatTc(sales[0]!.unit_price) })}</Text>;
  const prices = sales.map((s) => s.unit_price);
  const points = chartPoints(prices);
  const last = points[points.length - 1] ?? [0, 0];
  const lastPrice = prices[prices.length - 1] ?? 0;
  const label = t('market.PriceChart.label', {
    item: itemName, count: sales.length, min: formatTc(Math.min(...prices)), max: formatTc(Math.max(...prices)), last: formatTc(lastPrice),
  });
  return (
    <svg className={classes.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={label} data-testid="price-chart" data-sales={sales.length}>
      <title>{label}</title>
      <polyline points={points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />
      <circle cx={last[0]} cy={last[1]} r={2.5} fill="currentColor" />
    </svg>
  );
}
