// The browser side of machines/discord-oauth.ts: the real popup, session storage and random
// state, and the exchange/link/create/fuse requests with failures turned into the machine's
// DiscordFailure. Also the pending Discord identity kept in session storage while the player
// decides between creating and fusing (spec part 2 §2).
import { z } from 'zod';
import { discordExchange, discordLink, DiscordUser } from '../../../../contract/accounts';
import { DISCORD_POPUP, DISCORD_STATE_BYTES, type DiscordEnv, type DiscordFailure, type DiscordPopup } from '../../../../machines/discord-oauth';
import { ApiError, call } from '../../../api/client';

export function toDiscordFailure(error: unknown): DiscordFailure {
  if (error instanceof ApiError) return { kind: 'server', text: error.body?.detail ?? error.body?.error ?? undefined };
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

export function storePendingDiscord(pending: PendingDiscord, win: Window = window): void {
  try { win.sessionStorage.setItem(PENDING_DISCORD_KEY, JSON.stringify(pending)); } catch { /* storage off */ }
}

export function readPendingDiscord(win: Window = window): PendingDiscord | null {
  try {
    const raw = win.sessionStorage.getItem(PENDING_DISCORD_KEY);
    const parsed = raw ? PendingDiscord.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearPendingDiscord(win: Window = window): void {
  try { win.sessionStorage.removeItem(PENDING_DISCORD_KEY); } catch { /* nothing stored */ }
}

/** Opens the account decision through the bridge (the same message the game may send). */
export function openFusionDecision(pending: PendingDiscord, win: Window = window): void {
  storePendingDiscord(pending, win);
  win.postMessage({ type: 'showDiscordFusionModal', ...pending }, win.location.origin);
}
