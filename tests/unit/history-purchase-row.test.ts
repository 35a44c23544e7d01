// A real-money purchase in History reads in words in every language: the pack it was and the
// store the player paid, never the ledger's raw reason ("purchase") or "—" as the other party.
import { afterAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locales';
import type { HistoryEntry } from '../../contract/myEconomy';
import { counterpartyLabel, reasonLabel } from '../../src/features/inventory/inventoryText';
import { setChosenLocale } from '../../src/settings-store/language';

const row = (reason: string, host: 'web' | 'discord' | 'crazygames'): HistoryEntry => ({
  id: '1', at: '2026-12-06T08:00:00.000Z', reason, asset: 'TC', itemName: null,
  counterparty: { kind: 'store', host }, amount: 1200, balanceAfter: 1200, pack: { productId: 'tc-1200', tripcoins: 1200 },
});

afterAll(async () => { await setChosenLocale(null); });

describe('a real-money purchase in History', () => {
  it.each(LOCALES)('%s names the pack and the store', async (lang) => {
    await setChosenLocale(lang);
    const labels = new Set<string>();
    for (const reason of ['purchase', 'purchase reversed']) {
      for (const host of ['web', 'discord', 'crazygames'] as const) {
        const entry = row(reason, host);
        const what = reasonLabel(entry.reason, entry.pack);
        const store = counterpartyLabel(entry);
        expect(what).toMatch(/1[,.\s\u00a0\u202f]?200/);
        expect(what).not.toMatch(/^purchase/);
        expect(store).not.toBe('—');
        expect(store).toMatch(host === 'web' ? /Stripe/ : host === 'discord' ? /Discord/ : /CrazyGames/);
        labels.add(what);
      }
    }
    // The purchase and its refund do not read alike.
    expect(labels.size).toBe(2);
  });
});
