// Discord sign-in, sign-up, fuse and linking, and the portal's sign-in. The code
// exchange and the portal's key are outside calls, and a password check's counters must stay
// counted when the check fails: those endpoints run as 'steps' (server/route.ts), each database
// change in its own route-owned transaction after the outside call.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as a from '../../contract/accounts';
import { DISCORD_PENDING_MINUTES, DISCORD_TEXT, PORTAL_TEXT } from '../../contract/accounts';
import { AUTH_TEXT, USERNAME_PATTERN } from '../../contract/auth';
import { badRequest, conflict, HttpError, retryLater, unavailable } from '../errors';
import { route } from '../route';
import { ownOrigin } from '../http/origin';
import { CrazyGamesTokens, PortalTokenError } from '../providers/crazygames';
import { DiscordApi, DiscordError, DiscordRateLimited, type DiscordProvider } from '../providers/discord';
import * as discordAccounts from '../services/accounts/discordAccounts';
import { passwordAccountOf } from '../services/accounts/passwordAccounts';
import { passwordAttempts } from '../services/accounts/passwordAttempts';
import { portalSignIn } from '../services/accounts/portalAccounts';
import { clearSessionCookie, cookieOf, framedCookie, sessionTokenOf, startSession } from '../http/sessions';
import { findSession, revokeSession } from '../services/accounts/sessions';
import { currentUserOf } from '../services/accounts/users';
import { startCredentialHold } from '../services/economy/tradeHolds';

const PENDING_COOKIE = 'discord_pending';
const STEPS = { transaction: 'steps' } as const;

function pendingCookie(request: FastifyRequest, reply: FastifyReply, token: string | null): void {
  const secure = framedCookie(request);
  const attrs = { path: '/api/discord', httpOnly: true, ...(secure ? { secure: true, sameSite: 'none' as const, partitioned: true } : { sameSite: 'lax' as const }) };
  if (token) reply.setCookie(PENDING_COOKIE, token, { ...attrs, maxAge: DISCORD_PENDING_MINUTES * 60 });
  else reply.clearCookie(PENDING_COOKIE, attrs);
}

export async function discordRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  // A sign-in method linked to an account holds its outgoing value for TRADE_HOLD_HOURS (services/economy/tradeHolds.ts).
  const holdRules = { tradeHoldHours: config.TRADE_HOLD_HOURS };
  const discord: DiscordProvider | null = config.DISCORD_CLIENT_ID && config.DISCORD_CLIENT_SECRET
    ? new DiscordApi(config.DISCORD_CLIENT_ID, config.DISCORD_CLIENT_SECRET, config.DISCORD_API_BASE)
    : null;
  const passwords = passwordAttempts(db, config, { botCheck: () => app.botCheck, work: app.passwordWork });
  // Portal sign-in only for our own game: off without its id (hostSignIns in config.ts says so at start).
  const portal = config.CRAZYGAMES_GAME_ID ? new CrazyGamesTokens(config.CRAZYGAMES_PUBLIC_KEY_URL, config.CRAZYGAMES_GAME_ID) : null;

  function needDiscord(): DiscordProvider {
    if (!discord) throw unavailable(DISCORD_TEXT.notConfigured);
    return discord;
  }

  async function identify(request: FastifyRequest, code: string, activity: boolean) {
    try {
      return await needDiscord().identify(code, activity ? null : `${ownOrigin(request)}/api/discord/callback`);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof DiscordRateLimited) throw retryLater(503, DISCORD_TEXT.exchangeFailed, 'DISCORD_RATE_LIMITED', error.retryAfterS);
      if (error instanceof DiscordError) throw badRequest(DISCORD_TEXT.exchangeFailed, 'DISCORD_EXCHANGE_FAILED');
      throw error;
    }
  }

  route(app, a.discordCallback, async ({ reply }) => {
    // The popup came here from Discord's page: with our usual COOP (same-origin-allow-popups)
    // the browser would put it in a new browsing context group and the opener, which reads the
    // code from this page's address, would see it as closed. This page has no script.
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('cross-origin-opener-policy', 'unsafe-none');
    return '<!doctype html><meta charset="utf-8"><title>Signing in…</title><body style="font-family:system-ui;background:#0b0d12;color:#e9ecef;display:grid;place-items:center;height:100vh;margin:0"><p>Signing in… you can close this window.</p></body>';
  });

  route(app, a.discordExchange, async ({ body, request, reply, transaction }) => {
    const { user: discordUser, accessToken } = await identify(request, body.code, body.activity === true);
    const extra = body.activity ? { discord_access_token: accessToken } : {};
    const previous = sessionTokenOf(request);
    let signedOut = false;
    const found = await transaction(async (trx) => {
      const signIn = await discordAccounts.discordSignIn(trx, discordUser);
      // Inside the Activity the Discord user is the player, whatever this browser's session says
      // (a shared machine): the account linked to them keeps or gets the session, and a session
      // of anyone else never carries on beside their Discord identity.
      const current = body.activity && previous ? await findSession(trx, previous) : null;
      if ('userId' in signIn) {
        // A returning player the Activity authenticates again: their session stays as it is.
        if (current?.id === signIn.userId) return { user: current };
        return { user: await startSession(trx, request, reply, signIn.userId, config.SESSION_DAYS, body.activity ? 'discord' : undefined) };
      }
      if (current) { await revokeSession(trx, current.sessionId); signedOut = true; }
      return signIn;
    });
    if (signedOut) clearSessionCookie(request, reply);
    if ('user' in found) return { status: 'existing_user' as const, jwt: null, discordUser, user: currentUserOf(found.user), ...extra };
    pendingCookie(request, reply, found.pendingToken);
    return { status: 'new_discord_user' as const, discordUser, suggestedUsername: found.suggestedUsername, access_token: found.pendingToken, ...extra };
  }, STEPS);

  route(app, a.discordCreate, async ({ body, request, reply, trx }) => {
    needDiscord();
    if (!USERNAME_PATTERN.test(body.username)) throw badRequest(AUTH_TEXT.usernameRule, 'INVALID_USERNAME');
    const token = body.accessToken || cookieOf(request, PENDING_COOKIE);
    const userId = await discordAccounts.createDiscordAccount(trx, token, body.discordId, body.username);
    pendingCookie(request, reply, null);
    const user = await startSession(trx, request, reply, userId, config.SESSION_DAYS);
    return { status: 'ok' as const, ...currentUserOf(user) };
  });

  route(app, a.discordFuse, async ({ body, request, reply, transaction }) => {
    needDiscord();
    await passwords.chargeAddress(request);
    // A solved bot check and a proven Discord identity are this path's gates; each identity has
    // its own attempt budget (docs/domain/accounts.md).
    await passwords.botCheck(request, body.turnstile_token, body.username);
    const token = await discordAccounts.checkPendingIdentity(db, body.accessToken || cookieOf(request, PENDING_COOKIE), body.discordId);
    await passwords.chargeKey(`discord:${body.discordId}`);
    const account = await passwordAccountOf(db, body.username);
    const ok = await passwords.verify(request, body.username, body.password, account?.password_hash);
    if (!account || !ok) throw new HttpError(401, DISCORD_TEXT.fuseFailed, 'INVALID_CREDENTIALS');
    if (account.discord_id && account.discord_id !== body.discordId) throw conflict(DISCORD_TEXT.accountHasDiscord, 'ACCOUNT_HAS_DISCORD');
    const user = await transaction(async (trx) => {
      await discordAccounts.fuseDiscord(trx, token, account.id);
      await startCredentialHold(trx, account.id, 'signInLinked', holdRules);
      return startSession(trx, request, reply, account.id, config.SESSION_DAYS);
    });
    pendingCookie(request, reply, null);
    return { status: 'ok' as const, ...currentUserOf(user) };
  }, STEPS);

  route(app, a.discordLink, async ({ body, user, request, transaction }) => {
    const { user: discordUser } = await identify(request, body.code, false);
    await transaction(async (trx) => {
      await discordAccounts.linkDiscord(trx, user.id, discordUser);
      await startCredentialHold(trx, user.id, 'signInLinked', holdRules);
    });
    return { discord_username: discordUser.username };
  }, STEPS);

  route(app, a.crazygamesLogin, async ({ body, request, reply, transaction }) => {
    if (!portal) throw unavailable(PORTAL_TEXT.notConfigured);
    let portalUser;
    try {
      portalUser = await portal.verify(body.token);
    } catch (error) {
      if (error instanceof PortalTokenError && error.message === 'portal public key unavailable') throw unavailable(PORTAL_TEXT.notConfigured, 'PORTAL_KEY_UNAVAILABLE');
      throw new HttpError(401, PORTAL_TEXT.invalidToken, error instanceof PortalTokenError ? error.code : 'PORTAL_TOKEN_INVALID');
    }
    const signedIn = request.user?.id ?? null;
    const { user, created } = await transaction(async (trx) => {
      const account = await portalSignIn(trx, portalUser, signedIn);
      if (account.linked) await startCredentialHold(trx, account.userId, 'signInLinked', holdRules);
      return { user: await startSession(trx, request, reply, account.userId, config.SESSION_DAYS, 'crazygames'), created: account.created };
    });
    return { status: 'ok' as const, created, ...currentUserOf(user) };
  }, STEPS);
}
