// The browser side of machines/discord-oauth.ts: the real popup, session storage and random
// state, and the exchange/link/create/fuse requests with failures turned into the machine's
// DiscordFailure. Also the pending Discord identity kept in session storage while the player
// decides between creating and fusing.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { DISCORD_PENDING_MINUTES, discordExchange, discordLink, DiscordUser } from '../../../../contract/accounts';
import { DISCORD_POPUP, DISCORD_STATE_BYTES, type DiscordEnv, type DiscordFailure, type DiscordPopup } from '../../../../machines/discord-oauth';
import { ApiError, call } from '../../../api/client';
import { currentUserQuery } from '../../../api/currentUser';
import { serverErrorText } from '../../../api/errors';
import { SHELL_TO_GAME } from '../../../../contract/gameConstants';
import { useGameLink } from '../../../game-link/context';
import type { OverlayStore } from '../../../overlays/store';

export function toDiscordFailure(error: unknown): DiscordFailure {
  if (error instanceof ApiError) return { kind: 'server', text: serverErrorText(error) };
  return { kind: 'network' };
}

function wrapPopup(win: Window, popup: Window): DiscordPopup {
  return {
    get closed() { return popup.closed; },
    read() {
      try {
        // Cross-origin (still on Discord) throws or answers about:blank: not back yet.
        if (popup.location.origin !== win.location.origin) return null;
        const params = new URL(popup.location.href).searchParams;
        if (!params.has('code') && !params.has('error')) return null;
        return { code: params.get('code'), state: params.get('state'), error: params.get('error') };
      } catch {
        return null;
      }
    },
    close() { popup.close(); },
  };
}

export function browserDiscordEnv(win: Window = window): DiscordEnv {
  return {
    openPopup(url) {
      const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - DISCORD_POPUP.width) / 2));
      const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - DISCORD_POPUP.height) / 2));
      const popup = win.open(url, 'discord-oauth', `popup=yes,width=${DISCORD_POPUP.width},height=${DISCORD_POPUP.height},left=${left},top=${top}`);
      return popup ? wrapPopup(win, popup) : null;
    },
    randomState() {
      const bytes = win.crypto.getRandomValues(new Uint8Array(DISCORD_STATE_BYTES));
      return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    },
    storage: {
      get: (key) => { try { return win.sessionStorage.getItem(key); } catch { return null; } },
      set: (key, value) => { try { win.sessionStorage.setItem(key, value); } catch { /* storage off: the state check then fails safe */ } },
      remove: (key) => { try { win.sessionStorage.removeItem(key); } catch { /* nothing stored */ } },
    },
  };
}

export const discordRedirectUri = (win: Window = window) => `${win.location.origin}/api/discord/callback`;

export async function exchangeCode(code: string, activity = false) {
  try { return await call(discordExchange, { body: { code, ...(activity ? { activity: true } : {}) } }); } catch (error) { throw toDiscordFailure(error); }
}

export async function linkCode(code: string) {
  try { return await call(discordLink, { body: { code } }); } catch (error) { throw toDiscordFailure(error); }
}

/** The pending identity the account decision works on (also what showDiscordFusionModal carries). */
export const PendingDiscord = z.object({
  discordUser: DiscordUser.pick({ id: true, username: true }).loose(),
  suggestedUsername: z.string().max(40).optional(),
  accessToken: z.string().max(500).optional(),
});
export type PendingDiscord = z.infer<typeof PendingDiscord>;

export const PENDING_DISCORD_KEY = 'discord_pending_user';
/** The server forgets a pending identity after this long; so does the shell. */
export const PENDING_DISCORD_TTL_MS = DISCORD_PENDING_MINUTES * 60_000;

/** What session storage holds: the pending identity and when it was stored (ms since the epoch). */
const StoredPendingDiscord = PendingDiscord.extend({ storedAt: z.number().int().nonnegative() });

export function storePendingDiscord(pending: PendingDiscord, win: Window = window, now: number = Date.now()): void {
  try { win.sessionStorage.setItem(PENDING_DISCORD_KEY, JSON.stringify({ ...pending, storedAt: now })); } catch { /* storage off */ }
}

/**
 * The stored pending identity, or null. Content that does not parse, or that is older than the
 * server keeps it (or from the future), is removed without a word: the player simply signs in again.
 */
export function readPendingDiscord(win: Window = window, now: number = Date.now()): PendingDiscord | null {
  let raw: string | null;
  try { raw = win.sessionStorage.getItem(PENDING_DISCORD_KEY); } catch { return null; }
  if (raw === null) return null;
  let json: unknown = null;
  try { json = JSON.parse(raw); } catch { /* dropped below */ }
  const parsed = StoredPendingDiscord.safeParse(json);
  const age = parsed.success ? now - parsed.data.storedAt : -1;
  if (!parsed.success || age < 0 || age >= PENDING_DISCORD_TTL_MS) {
    clearPendingDiscord(win);
    return null;
  }
  const { storedAt: _storedAt, ...pending } = parsed.data;
  return pending;
}

export function clearPendingDiscord(win: Window = window): void {
  try { win.sessionStorage.removeItem(PENDING_DISCORD_KEY); } catch { /* nothing stored */ }
}

/** Opens the account decision through the overlay API (the modal the game may also ask for). */
function showFusionDecision(overlays: Pick<OverlayStore, 'open'>, pending: PendingDiscord): void {
  overlays.open('discordFusion', { ...pending });
}

/** Keeps the pending identity (so a reload finds it) and opens the account decision. */
export function openFusionDecision(overlays: Pick<OverlayStore, 'open'>, pending: PendingDiscord, win: Window = window): void {
  storePendingDiscord(pending, win);
  showFusionDecision(overlays, pending);
}

/**
 * At app start ("a pending chat-platform user held in session storage opens the
 * fusion decision"): reopens a decision the player had not made before the page reloaded.
 * Returns whether one was reopened.
 */
export function reopenPendingDecision(overlays: Pick<OverlayStore, 'open'>, win: Window = window, now: number = Date.now()): boolean {
  const pending = readPendingDiscord(win, now);
  if (!pending) return false;
  showFusionDecision(overlays, pending);
  return true;
}

/** After a Discord account was linked to the player: whoami is read again and the game told to
 * bootstrap (its player changed). */
export function useDiscordLinked(): () => void {
  const client = useQueryClient();
  const game = useGameLink();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    game.send(SHELL_TO_GAME.bootstrap);
  }, [client, game]);
}
