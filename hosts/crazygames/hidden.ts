// What the CrazyGames portal hides: the portal has its own accounts, and
// nothing may ask it for a wallet (the Wallets tab, the Mythical Bridge) or show our sessions,
// and no link may leave the game (its rule against external links). Shared by the host's definition (known
// at the first render) and its adapter.
import type { HiddenUi } from '../types';

export const CRAZYGAMES_HIDDEN: ReadonlySet<HiddenUi> = new Set(['createAccount', 'walletsTab', 'bridge', 'sessionsTab', 'externalLinks']);
