// The crate opening, the reveal and the Airdrops section in jsdom: the crate opening starts on the set the player owns crates of (the
// airdrop's Base Set II crate) with both counts and each set's own texts, the result comes with a
// reveal that a click skips (or none under reduced motion) in the item's rarity and its sound,
// and the Airdrops section shows what the claim gave, with images, names and when.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkAirdrop, claimAirdrop } from '../../contract/accounts';
import { whoami } from '../../contract/auth';
import { crateOdds, crateStatus, crateStatusV2, openCrate } from '../../contract/crates';
import { BASE_SET_ITEMS, ITEM_IDS } from '../../contract/items';
import { fakeServer, type FakeServer } from '../support/fakeServer';
import { renderWithShell } from '../support/render';
import CrateOpenModal from '../../src/features/crates/CrateOpenModal';
import AirdropSection from '../../src/features/accounts/AirdropSection';
import { setSoundPlayer, type UiSound } from '../../src/ui/sounds';

let server: FakeServer;
const heard: UiSound[] = [];
const FOUNDERS = BASE_SET_ITEMS[11]!;

beforeEach(() => {
  server = fakeServer();
  setSoundPlayer({ audible: () => true, play: (name) => { heard.push(name); return Promise.resolve(true); } });
});
afterEach(() => { vi.restoreAllMocks(); setSoundPlayer(null); heard.length = 0; });

describe('opening crates', () => {
  const status = (crateVersionId: 0 | 1, crateBalance: number) => ({ crateVersionId, crateItemUuid: 'c', cratePrice: 100, crateBalance, totalSupply: 50, remainingSupply: 7 });
  beforeEach(() => {
    server.answer(crateStatus, status(0, 0));
    server.answer(crateStatusV2, status(1, 1));
    server.answer(crateOdds, { crateVersionId: 1, crateItemUuid: 'c', odds: [{ itemUuid: FOUNDERS.uuid, name: FOUNDERS.name, weight: 1, percent: 100 }] });
    server.answer(openCrate, { wonItemUuid: FOUNDERS.uuid, wonItemName: FOUNDERS.name, crateVersionId: 1, crateBalance: 0 });
  });

  it('starts on Base Set II when that is the set owned, shows both counts and names the set in its texts', async () => {
    renderWithShell(<CrateOpenModal payload={{}} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('owned-badge')).toHaveTextContent('1 Owned'));
    expect(screen.getByText('Open Base Set II Crates')).toBeInTheDocument();
    expect(screen.getByTestId('crate-open')).toHaveAttribute('data-version', '1');
    expect(screen.getByText('Base Set (0)')).toBeInTheDocument();
    expect(screen.getByText('Base Set II (1)')).toBeInTheDocument();
    expect(screen.getByTestId('crate-open-text')).toHaveTextContent('Open a Base Set II crate to receive a random item');
    expect(screen.getByTestId('crate-open')).not.toHaveTextContent('random Base Set item');
  });

  it('opens the crate into a reveal that a click skips, landing on the item in its rarity with the reveal sound', async () => {
    renderWithShell(<CrateOpenModal payload={{}} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('owned-badge')).toHaveTextContent('1 Owned'));
    fireEvent.click(screen.getByRole('button', { name: 'Open 1 Crate' }));
    const reveal = await screen.findByTestId('crate-reveal');
    expect(screen.queryByTestId('crate-result')).toBeNull();
    expect(server.requests(openCrate)[0]?.body).toEqual({ crateVersionId: 1 });
    fireEvent.click(within(reveal).getByRole('button', { name: 'Skip the reveal' }));
    const result = await screen.findByTestId('crate-result');
    expect(result).toHaveAttribute('data-rarity', 'legendary');
    expect(screen.getByTestId('won-item')).toHaveTextContent('Founders Badge');
    expect(screen.getByTestId('won-rarity')).toHaveTextContent('Legendary');
    expect(heard).toContain('reveal');
  });

  it('with no crate left, Open 1 Crate is off, no error shows, and the crate shop is one tap away', async () => {
    server.answer(crateStatusV2, status(1, 0));
    const shell = renderWithShell(<CrateOpenModal payload={{}} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('owned-badge')).toHaveTextContent('0 Owned'));
    expect(screen.getByRole('button', { name: 'Open 1 Crate' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Open 1 Crate' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.requests(openCrate)).toHaveLength(0);
    fireEvent.click(within(screen.getByTestId('no-crates')).getByRole('button', { name: 'Crate shop' }));
    expect(shell.overlays.getState().modal?.key).toBe('crateShop');
  });

  it('a key skips the reveal too', async () => {
    renderWithShell(<CrateOpenModal payload={{}} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('owned-badge')).toHaveTextContent('1 Owned'));
    fireEvent.click(screen.getByRole('button', { name: 'Open 1 Crate' }));
    await screen.findByTestId('crate-reveal');
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(await screen.findByTestId('crate-result')).toBeInTheDocument();
  });

  it('under prefers-reduced-motion the item shows at once, without the reel', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      matches: query.includes('prefers-reduced-motion'), media: query, onchange: null,
      addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    }));
    renderWithShell(<CrateOpenModal payload={{}} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('owned-badge')).toHaveTextContent('1 Owned'));
    fireEvent.click(screen.getByRole('button', { name: 'Open 1 Crate' }));
    expect(await screen.findByTestId('crate-result')).toBeInTheDocument();
    expect(screen.queryByTestId('crate-reveal')).toBeNull();
    expect(heard).toContain('reveal');
  });
});

describe('the Airdrops section', () => {
  const ME = { uuid: 'u-1', username: 'ada', verified: 1, isAdmin: false };
  const GAVE = [{ itemUuid: ITEM_IDS.baseSetIICrate, name: 'Base Set II Crate', quantity: 1 }, { itemUuid: ITEM_IDS.technicalDifficulties, name: 'Technical Difficulties', quantity: 1 }];
  beforeEach(() => { server.answer(whoami, ME); });

  it('already claimed: shows what the claim gave, as cards with images and names, when, and opens the crate', async () => {
    server.answer(checkAirdrop, { eligible: true, claimed: true, message: 'You have already claimed this airdrop.', claimedAt: 1_760_000_000, reward: GAVE });
    const { overlays } = renderWithShell(<AirdropSection />);
    const cards = await screen.findAllByTestId('airdrop-reward-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('img', { name: 'Base Set II Crate' })).toHaveAttribute('src', expect.stringContaining(ITEM_IDS.baseSetIICrate));
    expect(within(cards[1]!).getByRole('img', { name: 'Technical Difficulties' })).toBeInTheDocument();
    expect(screen.getByTestId('airdrop-claimed-at')).toHaveTextContent(/Claimed on .*2025/);
    fireEvent.click(screen.getByRole('button', { name: 'Open Crate' }));
    expect(overlays.getState().modal?.key).toBe('crateOpen');
  });

  it('eligible: shows what it gives, and a claim toasts with the purchase sound and then shows what it gave', async () => {
    let claimed = false;
    server.handle(checkAirdrop, () => ({ status: 200, body: claimed
      ? { eligible: true, claimed: true, message: 'You have already claimed this airdrop.', claimedAt: 1_760_000_000, reward: GAVE }
      : { eligible: true, claimed: false, message: 'eligible', claimedAt: null } }));
    server.handle(claimAirdrop, () => { claimed = true; return { status: 200, body: { message: 'Airdrop Claimed!', claimedAt: 1_760_000_000, reward: GAVE } }; });
    renderWithShell(<AirdropSection />, { withToasts: true });
    expect(await screen.findAllByTestId('airdrop-reward-card')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Claim Airdrop' }));
    // In the order the player sees them: the toast as the answer comes, then the status, read
    // again after it.
    expect(await screen.findByText('Airdrop Claimed!')).toBeInTheDocument();
    expect(heard).toContain('purchase');
    expect(await screen.findByTestId('airdrop-claimed')).toBeInTheDocument();
  });
});

describe('the reveal for assistive technology', () => {
  it('has no serious or critical axe finding while it rolls (the e2e checks the other screens in Chromium)', async () => {
    const { default: axe } = await import('axe-core');
    server.answer(crateStatus, { crateVersionId: 0, crateItemUuid: 'c', cratePrice: 100, crateBalance: 1, totalSupply: 50, remainingSupply: 7 });
    server.answer(crateStatusV2, { crateVersionId: 1, crateItemUuid: 'c', cratePrice: 300, crateBalance: 0, totalSupply: 50, remainingSupply: 7 });
    server.answer(crateOdds, { crateVersionId: 0, crateItemUuid: 'c', odds: [{ itemUuid: FOUNDERS.uuid, name: FOUNDERS.name, weight: 1, percent: 100 }] });
    server.answer(openCrate, { wonItemUuid: FOUNDERS.uuid, wonItemName: FOUNDERS.name, crateVersionId: 0, crateBalance: 0 });
    renderWithShell(<CrateOpenModal payload={{}} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('owned-badge')).toHaveTextContent('1 Owned'));
    fireEvent.click(screen.getByRole('button', { name: 'Open 1 Crate' }));
    const reveal = await screen.findByTestId('crate-reveal');
    const { violations } = await axe.run(reveal, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'], rules: { 'color-contrast': { enabled: false } } });
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});
