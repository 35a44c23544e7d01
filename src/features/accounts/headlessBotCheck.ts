// The bot-check token the game asks for (GAME_HOOKS.requestBotCheckToken):
// a fresh widget of the server's provider, rendered off-screen (the game has no form to
// show it in), verified once and removed. ALTCHA solves its proof of work by itself; Turnstile
// runs its invisible/managed check. Rejects with 'Turnstile verification failed' on error or expiry.
import { config as configEndpoint, type BotCheckConfig } from '../../../contract/system';
import { call } from '../../api/client';
import { BOT_CHECK_TEXT } from './botCheckToken';
import { loadTurnstile, TURNSTILE_SCRIPT_URL } from './BotCheck';
import { requestHost } from '../../api/requestHost';
import { hostOf, isHostKind } from '../../../hosts/list';
import { outsideRequestAllowed } from '../../../hosts/outside';

function offscreenHost(): HTMLDivElement {
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.dataset.testid = 'game-bot-check';
  Object.assign(host.style, { position: 'fixed', left: '-10000px', top: '0', width: '300px', height: '80px', overflow: 'hidden' });
  document.body.appendChild(host);
  return host;
}

interface AltchaElement extends HTMLElement { verify?: () => Promise<{ payload?: string } | null> }

async function altchaToken(challengeUrl: string): Promise<string> {
  await import('altcha');
  const host = offscreenHost();
  const widget = document.createElement('altcha-widget') as AltchaElement;
  widget.setAttribute('challenge', challengeUrl);
  widget.setAttribute('name', 'altcha');
  try {
    return await new Promise<string>((resolve, reject) => {
      widget.addEventListener('statechange', (event) => {
        const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
        if (detail?.state === 'verified' && detail.payload) resolve(detail.payload);
        else if (detail?.state === 'error' || detail?.state === 'expired') reject(new Error(BOT_CHECK_TEXT.failed));
      });
      host.appendChild(widget);
      // The element upgrades asynchronously: start the proof of work once it is ready.
      const start = () => {
        if (typeof widget.verify === 'function') {
          widget.verify().then((result) => { if (result?.payload) resolve(result.payload); }, () => reject(new Error(BOT_CHECK_TEXT.failed)));
        } else setTimeout(start, 50);
      };
      start();
    });
  } finally {
    host.remove();
  }
}

async function turnstileToken(siteKey: string): Promise<string> {
  const api = await loadTurnstile();
  const host = offscreenHost();
  let id: string | null = null;
  try {
    return await new Promise<string>((resolve, reject) => {
      id = api.render(host, {
        sitekey: siteKey,
        callback: (token: string) => resolve(token),
        'error-callback': () => reject(new Error(BOT_CHECK_TEXT.failed)),
        'expired-callback': () => reject(new Error(BOT_CHECK_TEXT.failed)),
      });
    });
  } finally {
    if (id) api.remove(id);
    host.remove();
  }
}

export function tokenFor(botCheck: BotCheckConfig): Promise<string> {
  return botCheck.provider === 'altcha' ? altchaToken(botCheck.challengeUrl) : turnstileToken(botCheck.siteKey);
}

/** The server's check for `username`: ALTCHA asks the challenge as hard as that name's recent
 * failed attempts make it (docs/domain/accounts.md), solved off-screen. */
export async function botCheckTokenFor(username: string): Promise<string> {
  const { botCheck } = await call(configEndpoint);
  if (botCheck.provider !== 'altcha') return tokenFor(botCheck);
  const separator = botCheck.challengeUrl.includes('?') ? '&' : '?';
  return tokenFor({ ...botCheck, challengeUrl: `${botCheck.challengeUrl}${separator}username=${encodeURIComponent(username)}` });
}

/** Where the check's widget or challenge comes from (Turnstile's script is Cloudflare's). */
const checkAddress = (botCheck: BotCheckConfig) => (botCheck.provider === 'altcha' ? botCheck.challengeUrl : TURNSTILE_SCRIPT_URL);

/** One token for the game: asks the server which check it uses, then runs it (never off-origin
 * on a host that blocks outside requests: Poki, hosts/outside.ts). */
export async function gameBotCheckToken(win: Pick<Window, 'location'> = window): Promise<string> {
  const { botCheck } = await call(configEndpoint);
  const kind = requestHost();
  const host = kind && isHostKind(kind) ? hostOf(kind) : null;
  if (host && !outsideRequestAllowed(host, checkAddress(botCheck), win.location.origin)) throw new Error(`the bot check is an outside request, which the ${kind} host blocks`);
  return tokenFor(botCheck);
}
