// The Mythical Bridge modal in jsdom: who may use it, the linked wallets and the way to link
// one, the address check (nothing is asked of the server for a bad address), and the four
// steps against answers shaped by the contract (fetch is the only thing replaced).
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER, type CurrentUser } from '../../contract/auth';
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import { BRIDGE_TEXT, type MarketplaceProfile } from '../../contract/bridge';
import { createOverlayStore } from '../../src/overlays/store';
import MythicalBridgeModal from '../../src/features/mythical-bridge/MythicalBridgeModal';
import { formatMemberSince, safeWebsite, shortAddress } from '../../src/features/mythical-bridge/texts';
import { renderWithShell } from '../support/render';
import { i18n } from '@lingui/core';
import { notifications } from '@mantine/notifications';
import { setChosenLocale } from '../../src/settings-store/language';
import { ITEM_IDS } from '../../contract/items';

const PLAYER: CurrentUser = { uuid: '6f1c1a52-3f6b-4c39-9a55-7d8a1e0c0001', username: 'relic_player', verified: 1, isAdmin: false };
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const OTHER = '0x00000000000000000000000000000000000000aa';
const PROFILE: MarketplaceProfile = {
  profile_image_url: '', username: 'relic_hunter', address: WALLET.toLowerCase(), bio: 'Collector of old things',
  website: 'https://relic.example/', social_media_accounts: [{ platform: 'twitter', username: 'relic_tw' }], joined_date: '2023-04-05',
};
const HASH = `0x${'ab'.repeat(32)}`;

type Answer = { status: number; body: unknown };
function stubFetch(answer: (url: string, init: RequestInit) => Answer) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const { status, body } = answer(url, init);
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  });
  return { calls, spy };
}

afterEach(() => { vi.restoreAllMocks(); });

function renderModal(options: { user?: CurrentUser; wallets?: string[]; preferred?: string | null; tickets?: number } = {}) {
  const user = options.user ?? PLAYER;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(['whoami'], user);
  if (options.wallets) client.setQueryData(['wallets', user.uuid], { modular_wallets: options.wallets.map((address) => ({ address })), preferred_address: options.preferred ?? null });
  if (options.tickets !== undefined) client.setQueryData(['inventory'], { inventory: options.tickets ? { [ITEM_IDS.mythicalTicket]: String(options.tickets) } : {}, tripcoins: 0 });
  const overlays = createOverlayStore();
  overlays.open('mythicalBridge', { type: 'SHOW_MYTHICAL_BRIDGE_MODAL' });
  const onClose = vi.fn(() => overlays.close('mythicalBridge'));
  const { game } = renderWithShell(<MythicalBridgeModal payload={{ type: 'SHOW_MYTHICAL_BRIDGE_MODAL' }} onClose={onClose} />, { queryClient: client, overlays, withToasts: true });
  return { overlays, onClose, game };
}

const addressInput = () => screen.getByLabelText(/Wallet address/);
const typeAddress = (value: string) => fireEvent.change(addressInput(), { target: { value } });

describe('the bridge modal before the address', () => {
  it('asks a logged-out visitor to log in, and offers nothing else', () => {
    const posted = vi.spyOn(window, 'postMessage');
    const { overlays } = renderModal({ user: ANONYMOUS_USER });
    expect(screen.getByText('Mythical Bridge')).toBeInTheDocument();
    expect(screen.getByText('Log in to use the Mythical Bridge.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Wallet address/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    // Through the overlay API: the auth modal replaces this one; nothing is posted to the window.
    expect(overlays.getState().modal).toMatchObject({ key: 'auth', payload: { mode: 'login' } });
    expect(posted).not.toHaveBeenCalled();
  });

  it('says on the first step that a Mythical Ticket is needed, and whether the player has one', () => {
    const first = renderModal({ wallets: [], tickets: 0 });
    expect(screen.getByTestId('bridge-ticket')).toHaveTextContent('You have no Mythical Ticket, so the bridge will refuse to finalize.');
    expect(addressInput()).toBeInTheDocument();
    first.overlays.close();
    document.body.innerHTML = '';
    renderModal({ wallets: [], tickets: 2 });
    expect(screen.getByTestId('bridge-ticket')).toHaveTextContent('You need a Mythical Ticket to use the bridge. You have 2 Mythical Tickets.');
  });

  it('shows a player without a wallet the way to link one: the settings overlay opens on Account → Wallets', () => {
    const { overlays } = renderModal({ wallets: [] });
    expect(screen.getByText('No wallet linked yet')).toBeInTheDocument();
    expect(screen.getByText(/Settings → Account → Wallets/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Link a wallet' }));
    // A full-screen overlay replaces the modal: settings, on the Account section's Wallets tab.
    expect(overlays.getState().overlay).toMatchObject({ key: 'settings', payload: { section: 'accounts', tab: 'wallets' } });
    expect(overlays.getState().modal).toBeNull();
  });

  it('offers the linked wallets, the main one first, and a click fills the address', () => {
    renderModal({ wallets: [OTHER, WALLET], preferred: WALLET.toLowerCase() });
    const buttons = screen.getAllByRole('button', { name: /^Use wallet #/ });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([`Use wallet #1 ${WALLET}`, `Use wallet #2 ${OTHER}`]);
    expect(buttons[0]).toHaveTextContent(shortAddress(WALLET));
    fireEvent.click(buttons[1]!);
    expect(addressInput()).toHaveValue(OTHER);
    expect(screen.queryByText('No wallet linked yet')).toBeNull();
  });

  it('refuses a bad address with the spec text and asks nothing of the server', async () => {
    const { spy } = stubFetch(() => ({ status: 500, body: {} }));
    renderModal({ wallets: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // Under the field, and as a toast.
    await waitFor(() => expect(screen.getAllByText(BRIDGE_TEXT.invalidWallet)).toHaveLength(2));
    expect(addressInput()).toHaveAttribute('aria-invalid', 'true');
    for (const bad of ['0x123', `${WALLET}1`, WALLET.slice(2), WALLET.replace('E', 'Z')]) {
      typeAddress(bad);
      expect(addressInput()).not.toHaveAttribute('aria-invalid', 'true');
      fireEvent.submit(addressInput().closest('form') as HTMLFormElement);
      expect(addressInput()).toHaveAccessibleDescription(expect.stringContaining(BRIDGE_TEXT.invalidWallet));
    }
    // Only the inventory (for the ticket line) and the player's holds are read; the address is never sent.
    expect(spy.mock.calls.map(([url]) => String(url)).filter((url) => !url.endsWith('/api/getBaseInventory') && !url.endsWith('/api/me/trade-status'))).toEqual([]);
    expect(screen.getByTestId('mythical-bridge')).toHaveAttribute('data-step', 'address');
  });

  it('says a bad address in the player\'s language, under the field and in the toast (the German look shots showed English)', async () => {
    stubFetch(() => ({ status: 500, body: {} }));
    await setChosenLocale('de');
    try {
      // The earlier tests' English toasts are gone first: only this one's may show.
      act(() => { notifications.clean(); });
      renderModal({ wallets: [] });
      fireEvent.submit(screen.getByLabelText(/Wallet-Adresse|Wallet address/).closest('form') as HTMLFormElement);
      await waitFor(() => expect(screen.getAllByText(i18n._('text.bridge.invalidWallet'))).toHaveLength(2));
      expect(i18n._('text.bridge.invalidWallet')).not.toBe(BRIDGE_TEXT.invalidWallet);
      expect(screen.queryByText(BRIDGE_TEXT.invalidWallet)).toBeNull();
    } finally {
      await setChosenLocale(null);
    }
  });

  it('shows the server text in a red box when the bridge is not configured', async () => {
    stubFetch(() => ({ status: 503, body: { error: BRIDGE_TEXT.notConfigured } }));
    renderModal({ wallets: [] });
    typeAddress(WALLET);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('bridge-error')).toHaveTextContent(BRIDGE_TEXT.notConfigured);
    // The red box, and the same text as a toast.
    await waitFor(() => expect(screen.getAllByText(BRIDGE_TEXT.notConfigured)).toHaveLength(2));
    expect(screen.getAllByRole('alert').filter((a) => a.textContent?.includes(BRIDGE_TEXT.notConfigured)).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});

describe('the bridge modal steps', () => {
  it('verifies, confirms, finalizes once with an Idempotency-Key, and shows the explorer link', async () => {
    let finish: (a: Answer) => void = () => undefined;
    const finalized = new Promise<Answer>((resolve) => { finish = resolve; });
    const { calls } = stubFetch((url) => {
      if (url.includes('/api/mythicalBridgeVerify/')) return { status: 200, body: { openseaProfile: PROFILE } };
      throw new Error(`unexpected ${url}`);
    });
    const { overlays, onClose, game } = renderModal({ wallets: [WALLET] });
    fireEvent.click(screen.getByRole('button', { name: `Use wallet #1 ${WALLET}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Confirm that this is you')).toBeInTheDocument();
    expect(calls.filter((c) => !c.url.endsWith('/api/getBaseInventory') && !c.url.endsWith('/api/me/trade-status'))[0]?.url).toBe(`/api/mythicalBridgeVerify/${WALLET}`);
    expect(screen.getByTestId('bridge-profile-username')).toHaveTextContent('relic_hunter');
    expect(screen.getByText('Collector of old things')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://relic.example/' })).toHaveAttribute('href', 'https://relic.example/');
    expect(screen.getByText('Member since April 5, 2023')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Social accounts' })).toHaveTextContent('twitter: relic_tw');

    // 'No, go back' returns to the address, which is kept.
    fireEvent.click(screen.getByRole('button', { name: 'No, go back' }));
    expect(addressInput()).toHaveValue(WALLET);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'YES THIS IS ME' }));
    expect(screen.getByText('Final Confirmation')).toBeInTheDocument();
    expect(screen.getByText(/burns 1 Mythical Ticket from your account and transfers 1 64 Bit Ancient item/)).toBeInTheDocument();
    // Go Back returns to the profile.
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'YES THIS IS ME' }));

    vi.mocked(globalThis.fetch).mockImplementation((input, init = {}) => {
      calls.push({ url: String(input), init });
      // The chain has mined it by the time the modal asks.
      if (String(input) === `/api/mythicalBridgeStatus/${HASH}`) return Promise.resolve(new Response(JSON.stringify({ transactionHash: HASH, status: 'confirmed' }), { status: 200 }));
      return finalized.then(({ status, body }) => new Response(JSON.stringify(body), { status }));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Finalize Airdrop' }));
    expect(await screen.findByRole('button', { name: /Finalizing\.\.\./ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeDisabled();
    // It cannot be closed while finalizing: no close button, and Escape closes nothing.
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    act(() => { document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', cancelable: true, bubbles: true })); });
    expect(onClose).not.toHaveBeenCalled();
    expect(overlays.getState().modal?.key).toBe('mythicalBridge');
    const request = calls.at(-1)!;
    expect(request.url).toBe('/api/mythicalBridgeFinalize');
    expect(JSON.parse(String(request.init.body))).toEqual({ destinationWallet: WALLET });
    expect((request.init.headers as Record<string, string>)['idempotency-key']).toMatch(/^bridge-[0-9a-f]{32}$/);

    await act(async () => { finish({ status: 200, body: { transactionHash: HASH, explorerUrl: `https://explorer.example/tx/${HASH}`, status: 'sent' } }); });
    expect(await screen.findByTestId('bridge-success')).toHaveTextContent(BRIDGE_TEXT.complete);
    // Sent, then confirmed: the modal asks for the status until the chain has mined it.
    await waitFor(() => expect(screen.getByTestId('bridge-status')).toHaveAttribute('data-status', 'confirmed'));
    expect(screen.getByTestId('bridge-status')).toHaveTextContent('The transfer is confirmed on chain.');
    expect(calls.filter((c) => c.url === `/api/mythicalBridgeStatus/${HASH}`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View the transaction on the block explorer' })).toHaveAttribute('href', `https://explorer.example/tx/${HASH}`);
    expect(calls.filter((c) => c.url === '/api/mythicalBridgeFinalize')).toHaveLength(1);
    // The game hears that the marketplace changed.
    expect(game.sentWith(SHELL_TO_GAME.refreshMarketplace)).toHaveLength(1);
  });

  it('ends on its own success step: the heading Transaction Complete!, the explorer link, a toast, and Done closes', async () => {
    stubFetch((url) => {
      if (url.includes('/api/mythicalBridgeVerify/')) return { status: 200, body: { openseaProfile: PROFILE } };
      if (url === '/api/mythicalBridgeFinalize') return { status: 200, body: { transactionHash: HASH, explorerUrl: `https://explorer.example/tx/${HASH}`, status: 'confirmed' } };
      if (url.endsWith('/api/getBaseInventory')) return { status: 200, body: { inventory: {}, tripcoins: 0 } };
      throw new Error(`unexpected ${url}`);
    });
    const { onClose } = renderModal({ wallets: [WALLET] });
    fireEvent.click(screen.getByRole('button', { name: `Use wallet #1 ${WALLET}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'YES THIS IS ME' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finalize Airdrop' }));

    const dialog = await screen.findByTestId('mythical-bridge');
    await waitFor(() => expect(dialog).toHaveAttribute('data-step', 'complete'));
    // The step's heading is the spec's success text; nothing of the confirmation is left.
    expect(within(dialog).getByRole('heading', { name: BRIDGE_TEXT.complete })).toBeInTheDocument();
    expect(within(dialog).queryByText('Final Confirmation')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Go Back' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Complete!' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Finalize/ })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'View the transaction on the block explorer' })).toHaveAttribute('href', `https://explorer.example/tx/${HASH}`);
    expect(within(dialog).getByTestId('bridge-hash')).toHaveTextContent(HASH);
    // A toast says it too, once.
    await waitFor(() => expect(document.querySelectorAll('[data-toast-area="economy"]')).toHaveLength(1));
    expect(document.querySelector('[data-toast-area="economy"]')).toHaveTextContent(BRIDGE_TEXT.complete);
    // Done has the focus (the button pressed is gone) and closes the modal.
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toHaveFocus();
    fireEvent.click(done);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a refused finalize shows the server text in the red box and Finalize stays available', async () => {
    stubFetch((url) => url.includes('Verify')
      ? { status: 200, body: { openseaProfile: { ...PROFILE, website: 'javascript:alert(1)' } } }
      : { status: 400, body: { error: BRIDGE_TEXT.noTicket } });
    renderModal({ wallets: [] });
    typeAddress(WALLET);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Confirm that this is you');
    // A website that is not http(s) is never a link.
    expect(screen.queryByRole('link')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'YES THIS IS ME' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finalize Airdrop' }));
    expect(await screen.findByTestId('bridge-error')).toHaveTextContent(BRIDGE_TEXT.noTicket);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Finalize Airdrop' })).toBeEnabled());
  });
});

describe('bridge helpers', () => {
  it('formats what the marketplace sends', () => {
    expect(shortAddress(WALLET)).toBe('0x5290…9EE7');
    expect(safeWebsite('https://a.example')).toBe('https://a.example/');
    expect(safeWebsite('javascript:alert(1)')).toBeNull();
    expect(safeWebsite('not a url')).toBeNull();
    expect(formatMemberSince('2023-04-05')).toBe('April 5, 2023');
    expect(formatMemberSince('sometime')).toBe('sometime');
  });
});
