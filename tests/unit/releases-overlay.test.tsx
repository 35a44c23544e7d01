// The release notes overlay in jsdom against a fake server: loading text, the figures, month
// groups with badges, the Newest badge, the dialog, and Escape closing the dialog first.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ReleaseNotesOverlay from '../../src/features/releases/ReleaseNotesOverlay';
import { setChosenLocale } from '../../src/settings-store/language';
import { renderWithShell, testQueryClient } from '../support/render';

const LOGS = [
  { version: '1.2.0', name: 'Marketplace', release_date: '2025-01-03', added: ['Marketplace', 'Crates'], fixed: ['Bindings'], removed: ['nothing'] },
  { version: '1.1.0', name: 'Clans', release_date: '2025-01-02', added: ['Clans'], fixed: ['no bug fixes'], removed: ['Old lobby'] },
];

let status = 200;

beforeEach(() => {
  status = 200;
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(status === 200 ? LOGS : { error: 'down' }), { status, headers: { 'content-type': 'application/json' } }))));
});
afterEach(() => { vi.unstubAllGlobals(); });

function renderOverlay() {
  const client = testQueryClient();
  const onClose = vi.fn();
  renderWithShell(<ReleaseNotesOverlay onClose={onClose} />, { queryClient: client });
  return onClose;
}

describe('the release notes overlay', { timeout: 20_000 }, () => {
  it('says plainly that notes are in English when the studio wrote none in the player\'s language', async () => {
    await setChosenLocale('de');
    try {
      renderOverlay();
      expect(await screen.findByTestId('releases-in-english')).toHaveTextContent('Diese Hinweise gibt es nur auf Englisch.');
    } finally { await setChosenLocale(null); }
  });

  it('shows the figures, the months and the newest release, and the changes of a release', async () => {
    const onClose = renderOverlay();
    expect(screen.getByText('Loading release notes...')).toBeInTheDocument();
    const cards = await screen.findAllByTestId('release-card');
    expect(cards.map((c) => c.textContent)).toEqual([expect.stringContaining('v1.2.0'), expect.stringContaining('v1.1.0')]);
    expect(within(cards[0]!).getByText('Newest')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Newest')).toBeNull();
    expect(screen.getByTestId('release-total')).toHaveAttribute('data-value', '2');
    expect(screen.getByTestId('release-added')).toHaveAttribute('data-value', '3');
    expect(screen.getByTestId('release-fixed')).toHaveAttribute('data-value', '1');
    expect(screen.getByTestId('release-removed')).toHaveAttribute('data-value', '1');
    const month = screen.getByTestId('release-month');
    expect(month).toHaveTextContent('January 2025');
    expect(month).toHaveTextContent('2 updates');

    fireEvent.click(cards[0]!);
    const dialog = await screen.findByTestId('release-dialog');
    expect(within(dialog).getByRole('region', { name: 'ADDED' })).toHaveTextContent('MarketplaceCrates');
    expect(within(dialog).getByRole('region', { name: 'REMOVED' })).toHaveTextContent('Nothing removed in this release.');
    fireEvent.keyDown(window, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByTestId('release-dialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says why the release logs failed', async () => {
    status = 503;
    renderOverlay();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch release logs: Service Unavailable');
  });
});
