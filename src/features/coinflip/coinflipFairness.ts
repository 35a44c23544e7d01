// Checks a settled coin flip in the browser, as anyone can (contract/coinflip.ts): the revealed
// seed must hash (sha256, hex) to the commitment published when the wager was created, and the
// coin must be the lowest bit of the first byte of sha256(`${seed}:${game_id}:${acceptor_uuid}`).
import type { CoinflipGame } from '../../../contract/coinflip';

export const COIN_NAMES = ['Heads', 'Tails'] as const;

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export interface FairnessCheck {
  /** sha256(server_seed) equals the published server_seed_hash. */
  hashMatches: boolean;
  /** The coin recomputed from the seed equals the announced outcome. */
  outcomeMatches: boolean;
}

/** null while the game is not settled (no seed yet) or the browser has no WebCrypto. */
export async function checkFairness(game: Pick<CoinflipGame, 'game_id' | 'server_seed' | 'server_seed_hash' | 'acceptor_uuid' | 'outcome'>): Promise<FairnessCheck | null> {
  if (!game.server_seed || !game.acceptor_uuid || game.outcome === null || !globalThis.crypto?.subtle) return null;
  const hashMatches = hex(await sha256(game.server_seed)) === game.server_seed_hash.toLowerCase();
  const coin = ((await sha256(`${game.server_seed}:${game.game_id}:${game.acceptor_uuid}`))[0] ?? 0) & 1;
  return { hashMatches, outcomeMatches: coin === game.outcome };
}
