// The bot check: ALTCHA (self-hosted proof of work, the `altcha` web
// component, loaded only when a modal shows it) or Cloudflare Turnstile when the server is
// configured for it. Reports a token, or null with the spec's error text on error/expiry.
// `resetKey` changes whenever the parent wants a fresh widget (failure, close). The check starts
// as soon as it is shown and solves in the background; a failed or expired solve is
// retried once by itself (onSolving) before the spec's error is reported (onProblem).
import { Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

import type { BotCheckConfig } from '../../../contract/system';
import { currentLocale, t as tr } from '../../i18n';
import type { Locale } from '../../../contract/locales';
import { AUTH_TEXT } from '../../i18n/texts';

/** Cloudflare's Turnstile script (an outside address: hosts/outside.ts decides where it may load). */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

export interface BotCheckProps {
  config: BotCheckConfig | undefined;
  resetKey: number;
  onToken: (token: string) => void;
  onProblem: (text: string) => void;
  /** A new solve started (after a failure or expiry): any token held is no longer good. */
  onSolving?: () => void;
}

/** Failed or expired solves retried silently before the error shows. */
export const BOT_CHECK_SILENT_RETRIES = 1;

interface AltchaStateDetail { state?: string; payload?: string }

function AltchaWidget({ challengeUrl, onToken, onProblem }: { challengeUrl: string; onToken: (t: string) => void; onProblem: (t: string) => void }) {
  const host = useRef<HTMLDivElement>(null);
  // Latest callbacks without re-creating the widget (which would restart the proof of work).
  const callbacks = useRef({ onToken, onProblem });
  callbacks.current = { onToken, onProblem };
  useEffect(() => {
    let widget: HTMLElement | null = null;
    let cancelled = false;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<AltchaStateDetail>).detail;
      if (detail?.state === 'verified' && detail.payload) callbacks.current.onToken(detail.payload);
      else if (detail?.state === 'error') callbacks.current.onProblem(AUTH_TEXT.botCheckFailed);
      else if (detail?.state === 'expired') callbacks.current.onProblem(AUTH_TEXT.botCheckExpired);
    };
    // Dynamic import keeps the widget (and its worker) out of the first-screen chunk; its words
    // ("Verified", "Protected by ALTCHA") come in the player's language from altcha's own files.
    const language = currentLocale();
    void import('altcha').then(() => ALTCHA_LANGUAGES[language]?.load()).then(() => {
      if (cancelled || !host.current) return;
      applyOwnAltchaFooter(ALTCHA_LANGUAGES[language]?.code ?? 'en');
      widget = document.createElement('altcha-widget');
      widget.setAttribute('challenge', challengeUrl);
      widget.setAttribute('name', 'altcha');
      const altchaLanguage = ALTCHA_LANGUAGES[language];
      if (altchaLanguage) widget.setAttribute('language', altchaLanguage.code);
      // Solve in the background as soon as the form opens (and again after every reset), so a
      // refused sign-up or login never makes the player wait for a new proof of work.
      widget.setAttribute('auto', 'onload');
      // No artificial minimum duration: a quick solve is ready as soon as it is done.
      widget.setAttribute('configuration', JSON.stringify({ minDuration: 0 }));
      widget.addEventListener('statechange', onState);
      host.current.appendChild(widget);
    }, () => callbacks.current.onProblem(AUTH_TEXT.botCheckFailed));
    return () => {
      cancelled = true;
      widget?.removeEventListener('statechange', onState);
      widget?.remove();
    };
  }, [challengeUrl]);
  return <div ref={host} data-testid="bot-check" />;
}

interface TurnstileApi {
  render(el: HTMLElement, options: Record<string, unknown>): string;
  remove(id: string): void;
}
declare global { interface Window { turnstile?: TurnstileApi } }

let turnstileScript: Promise<TurnstileApi> | null = null;

interface AltchaI18n { get(code: string): Record<string, string> | undefined; set(code: string, strings: Record<string, string>): void }

/** "Protected by ALTCHA" in our catalog's words around altcha's own link: altcha's Korean file
 * says "ALTCHA에서 보호됨 ALTCHA" (the name twice). */
export function ownAltchaFooter(footer: string): string {
  const link = /<a\b[^>]*>[^<]*<\/a>/.exec(footer)?.[0] ?? 'ALTCHA';
  const marker = '\u2063';
  return tr('accounts.BotCheck.protectedBy', { altcha: marker }).replace(marker, link);
}

/** Puts our footer into altcha's strings for `code` (loaded by then). */
function applyOwnAltchaFooter(code: string): void {
  const i18n = (globalThis as { $altcha?: { i18n?: AltchaI18n } }).$altcha?.i18n;
  const strings = i18n?.get(code);
  if (i18n && strings?.footer) i18n.set(code, { ...strings, footer: ownAltchaFooter(strings.footer) });
}

/** altcha's own translations of the widget's words, per language of ours (English is built in). */
const ALTCHA_LANGUAGES: Partial<Record<Locale, { code: string; load: () => Promise<unknown> }>> = {
  de: { code: 'de', load: () => import('altcha/i18n/de') },
  es: { code: 'es-es', load: () => import('altcha/i18n/es-es') },
  fr: { code: 'fr-fr', load: () => import('altcha/i18n/fr-fr') },
  ja: { code: 'ja', load: () => import('altcha/i18n/ja') },
  ko: { code: 'ko', load: () => import('altcha/i18n/ko') },
  zh: { code: 'zh-cn', load: () => import('altcha/i18n/zh-cn') },
  ru: { code: 'ru', load: () => import('altcha/i18n/ru') },
};

export function loadTurnstile(): Promise<TurnstileApi> {
  turnstileScript ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('turnstile missing')));
    script.onerror = () => { turnstileScript = null; reject(new Error('turnstile failed to load')); };
    document.head.appendChild(script);
  });
  return turnstileScript;
}

function TurnstileWidget({ siteKey, onToken, onProblem }: { siteKey: string; onToken: (t: string) => void; onProblem: (t: string) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onToken, onProblem });
  callbacks.current = { onToken, onProblem };
  useEffect(() => {
    let id: string | null = null;
    let api: TurnstileApi | null = null;
    let cancelled = false;
    loadTurnstile().then((loaded) => {
      if (cancelled || !host.current) return;
      api = loaded;
      id = loaded.render(host.current, {
        sitekey: siteKey,
        callback: (token: string) => callbacks.current.onToken(token),
        'error-callback': () => callbacks.current.onProblem(AUTH_TEXT.botCheckFailed),
        'expired-callback': () => callbacks.current.onProblem(AUTH_TEXT.botCheckExpired),
      });
    }, () => callbacks.current.onProblem(AUTH_TEXT.botCheckFailed));
    return () => { cancelled = true; if (api && id) api.remove(id); };
  }, [siteKey]);
  return <div ref={host} data-testid="bot-check" />;
}

export function BotCheck({ config, resetKey, onToken, onProblem, onSolving }: BotCheckProps) {
  const [retry, setRetry] = useState({ resetKey, count: 0 });
  // A reset from the parent starts a fresh widget with its silent retry available again.
  const current = retry.resetKey === resetKey ? retry : { resetKey, count: 0 };
  if (current !== retry) setRetry(current);
  const failed = (text: string) => {
    if (current.count < BOT_CHECK_SILENT_RETRIES) {
      onSolving?.();
      setRetry({ resetKey, count: current.count + 1 });
    } else onProblem(text);
  };
  if (!config) return <Loader size="sm" aria-label={tr('accounts.BotCheck.loadingSecurityCheck')} />;
  // The key remounts the widget: a used or failed token is never offered again.
  const key = `${resetKey}:${current.count}`;
  if (config.provider === 'altcha') {
    return <AltchaWidget key={key} challengeUrl={config.challengeUrl} onToken={onToken} onProblem={failed} />;
  }
  return <TurnstileWidget key={key} siteKey={config.siteKey} onToken={onToken} onProblem={failed} />;
}

export function BotCheckProblem({ text }: { text: string | null }) {
  return text ? <Text c="red" size="sm" role="alert">{text}</Text> : null;
}
