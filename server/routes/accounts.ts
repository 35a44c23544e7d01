// Discord sign-in and linking, portal login, wallets and the airdrop (issue 6, server side).
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { getAddress, recoverMessageAddress } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import * as a from '../../contract/accounts';
import { AIRDROP_TEXT, DISCORD_PENDING_MINUTES, DISCORD_TEXT, PORTAL_TEXT, WALLET_TEXT } from '../../contract/accounts';
import { AUTH_TEXT, USERNAME_PATTERN } from '../../contract/auth';
import { ITEM_IDS } from '../../contract/items';
import { inTransaction, isUniqueViolation, type Trx } from '../db/tx';
import { badRequest, conflict, forbidden, HttpError, notFound, unavailable } from '../errors';
import { route } from '../route';
import { ownOrigin } from '../plugins/security';
import { CrazyGamesTokens, PortalTokenError } from '../providers/crazygames';
import { DiscordApi, DiscordError, type DiscordProvider } from '../providers/discord';
import { MINT, playerAccount, post } from '../services/ledger';
import { passwordAttempts } from '../services/passwordAttempts';
import { startSession } from '../services/sessions';
import { createUser, currentUserOf, freeUsernameLike } from '../services/users';

const PENDING_COOKIE = 'discord_pending';
const PENDING_MINUTES = DISCORD_PENDING_MINUTES;
const hash = (s: string) => createHash('sha256').update(s).digest('hex');
const lower = (address: string) => address.toLowerCase();

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const discord: DiscordProvider | null = config.DISCORD_CLIENT_ID && config.DISCORD_CLIENT_SECRET
    ? new DiscordApi(config.DISCORD_CLIENT_ID, config.DISCORD_CLIENT_SECRET, config.DISCORD_API_BASE)
    : null;
  const passwords = passwordAttempts(db, config, () => app.botCheck);
  const portal = new CrazyGamesTokens(config.CRAZYGAMES_PUBLIC_KEY_URL, config.CRAZYGAMES_GAME_ID);

  function needDiscord(): DiscordProvider {
    if (!discord) throw unavailable(DISCORD_TEXT.notConfigured);
    return discord;
  }

  async function identify(request: FastifyRequest, code: string, activity: boolean) {
    try {
      return await needDiscord().identify(code, activity ? null : `${ownOrigin(request)}/api/discord/callback`);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof DiscordError) throw badRequest(DISCORD_TEXT.exchangeFailed, 'DISCORD_EXCHANGE_FAILED');
      throw error;
    }
  }

  function pendingCookie(request: FastifyRequest, reply: FastifyReply, token: string | null): void {
    const secure = request.protocol === 'https';
    const attrs = { path: '/api/discord', httpOnly: true, ...(secure ? { secure: true, sameSite: 'none' as const, partitioned: true } : { sameSite: 'lax' as const }) };
    if (token) reply.setCookie(PENDING_COOKIE, token, { ...attrs, maxAge: PENDING_MINUTES * 60 });
    else reply.clearCookie(PENDING_COOKIE, attrs);
  }

  /** Checks that this browser proved the Discord identity it names (cookie or body token).
   * Consumption happens inside the creating/linking transaction, so a token works once. */
  async function checkPending(request: FastifyRequest, bodyToken: string | undefined, discordId: string): Promise<string> {
    const token = bodyToken || request.cookies[PENDING_COOKIE];
    if (!token) throw badRequest(DISCORD_TEXT.pendingExpired, 'DISCORD_PENDING_MISSING');
    const row = await db.selectFrom('pending_identities').select('external_id').where('token_hash', '=', hash(token))
      .where('used_at', 'is', null).where('expires_at', '>', sql<Date>`now()`).executeTakeFirst();
    if (!row) throw badRequest(DISCORD_TEXT.pendingExpired, 'DISCORD_PENDING_EXPIRED');
    if (row.external_id !== discordId) throw badRequest(DISCORD_TEXT.missingUser, 'DISCORD_ID_MISMATCH');
    return token;
  }

  async function consumePending(trx: Trx, token: string) {
    const pending = await trx.updateTable('pending_identities').set({ used_at: sql`now()` })
      .where('token_hash', '=', hash(token)).where('used_at', 'is', null).where('expires_at', '>', sql<Date>`now()`)
      .returning(['external_id', 'external_username']).executeTakeFirst();
    if (!pending) throw badRequest(DISCORD_TEXT.pendingExpired, 'DISCORD_PENDING_EXPIRED');
    return pending;
  }

  route(app, a.discordCallback, async ({ reply }) => {
    // The popup came here from Discord's page: with our usual COOP (same-origin-allow-popups)
    // the browser would put it in a new browsing context group and the opener, which reads the
    // code from this page's address, would see it as closed. This page has no script.
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('cross-origin-opener-policy', 'unsafe-none');
    return '<!doctype html><meta charset="utf-8"><title>Signing in…</title><body style="font-family:system-ui;background:#0b0d12;color:#e9ecef;display:grid;place-items:center;height:100vh;margin:0"><p>Signing in… you can close this window.</p></body>';
  });

  route(app, a.discordExchange, async ({ body, request, reply }) => {
    const { user: discordUser, accessToken } = await identify(request, body.code, body.activity === true);
    const extra = body.activity ? { discord_access_token: accessToken } : {};
    const linked = await db.selectFrom('users').select('id').where('discord_id', '=', discordUser.id).executeTakeFirst();
    if (linked) {
      await db.updateTable('users').set({ discord_username: discordUser.username }).where('id', '=', linked.id).execute();
      const user = await startSession(db, request, reply, linked.id, config.SESSION_DAYS);
      return { status: 'existing_user' as const, jwt: null, discordUser, user: currentUserOf(user), ...extra };
    }
    const token = randomBytes(32).toString('base64url');
    await db.insertInto('pending_identities').values({
      token_hash: hash(token), provider: 'discord', external_id: discordUser.id, external_username: discordUser.username,
      expires_at: new Date(Date.now() + PENDING_MINUTES * 60_000),
    }).execute();
    pendingCookie(request, reply, token);
    return {
      status: 'new_discord_user' as const, discordUser,
      suggestedUsername: await freeUsernameLike(db, discordUser.global_name || discordUser.username),
      access_token: token, ...extra,
    };
  });

  route(app, a.discordCreate, async ({ body, request, reply }) => {
    needDiscord();
    if (!USERNAME_PATTERN.test(body.username)) throw badRequest(AUTH_TEXT.usernameRule, 'INVALID_USERNAME');
    const token = await checkPending(request, body.accessToken, body.discordId);
    let userId: string;
    try {
      userId = await inTransaction(db, async (trx) => {
        const pending = await consumePending(trx, token);
        return createUser(trx, { username: body.username, passwordHash: null, discordId: pending.external_id, discordUsername: pending.external_username });
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        const idTaken = await db.selectFrom('users').select('id').where('discord_id', '=', body.discordId).executeTakeFirst();
        throw conflict(idTaken ? DISCORD_TEXT.alreadyLinked : AUTH_TEXT.usernameTaken, idTaken ? 'DISCORD_ALREADY_LINKED' : 'USERNAME_TAKEN');
      }
      throw error;
    }
    pendingCookie(request, reply, null);
    const user = await startSession(db, request, reply, userId, config.SESSION_DAYS);
    return { status: 'ok' as const, ...currentUserOf(user) };
  });

  route(app, a.discordFuse, async ({ body, request, reply }) => {
    needDiscord();
    await passwords.chargeAddress(request);
    // A solved bot check and a proven Discord identity are this path's gates; each identity has
    // its own attempt budget (README, Accounts).
    await passwords.botCheck(request, body.turnstile_token, body.username);
    const token = await checkPending(request, body.accessToken, body.discordId);
    await passwords.chargeKey(`discord:${body.discordId}`);
    const account = await db.selectFrom('users').select(['id', 'password_hash', 'discord_id']).where('username_lower', '=', body.username.toLowerCase()).executeTakeFirst();
    const ok = await passwords.verify(request, body.username, body.password, account?.password_hash);
    if (!account || !ok) throw new HttpError(401, DISCORD_TEXT.fuseFailed, 'INVALID_CREDENTIALS');
    if (account.discord_id && account.discord_id !== body.discordId) throw conflict(DISCORD_TEXT.accountHasDiscord, 'ACCOUNT_HAS_DISCORD');
    try {
      await inTransaction(db, async (trx) => {
        const pending = await consumePending(trx, token);
        await trx.updateTable('users').set({ discord_id: pending.external_id, discord_username: pending.external_username }).where('id', '=', account.id).execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DISCORD_TEXT.alreadyLinked, 'DISCORD_ALREADY_LINKED');
      throw error;
    }
    pendingCookie(request, reply, null);
    const user = await startSession(db, request, reply, account.id, config.SESSION_DAYS);
    return { status: 'ok' as const, ...currentUserOf(user) };
  });

  route(app, a.discordLink, async ({ body, user, request }) => {
    const { user: discordUser } = await identify(request, body.code, false);
    const me = await db.selectFrom('users').select('discord_id').where('id', '=', user.id).executeTakeFirstOrThrow();
    if (me.discord_id && me.discord_id !== discordUser.id) throw conflict(DISCORD_TEXT.accountHasDiscord, 'ACCOUNT_HAS_DISCORD');
    try {
      await db.updateTable('users').set({ discord_id: discordUser.id, discord_username: discordUser.username }).where('id', '=', user.id).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DISCORD_TEXT.alreadyLinked, 'DISCORD_ALREADY_LINKED');
      throw error;
    }
    return { discord_username: discordUser.username };
  });

  route(app, a.crazygamesLogin, async ({ body, request, reply }) => {
    let portalUser;
    try {
      portalUser = await portal.verify(body.token);
    } catch (error) {
      if (error instanceof PortalTokenError && error.message === 'portal public key unavailable') throw unavailable(PORTAL_TEXT.notConfigured, 'PORTAL_KEY_UNAVAILABLE');
      throw new HttpError(401, PORTAL_TEXT.invalidToken, 'PORTAL_TOKEN_INVALID');
    }
    const linked = await db.selectFrom('users').select('id').where('crazygames_id', '=', portalUser.userId).executeTakeFirst();
    let userId = linked?.id;
    let created = false;
    if (!userId && request.user) {
      // Signed in already: link the portal account to this one.
      try {
        await db.updateTable('users').set({ crazygames_id: portalUser.userId }).where('id', '=', request.user.id).where('crazygames_id', 'is', null).execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const mine = await db.selectFrom('users').select('crazygames_id').where('id', '=', request.user.id).executeTakeFirstOrThrow();
      if (mine.crazygames_id !== portalUser.userId) throw conflict('This account is already linked to another CrazyGames account', 'PORTAL_ALREADY_LINKED');
      userId = request.user.id;
    }
    if (!userId) {
      const username = await freeUsernameLike(db, portalUser.username);
      try {
        userId = await inTransaction(db, (trx) => createUser(trx, { username, passwordHash: null, crazygamesId: portalUser.userId }));
        created = true;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const raced = await db.selectFrom('users').select('id').where('crazygames_id', '=', portalUser.userId).executeTakeFirst();
        if (!raced) throw conflict(AUTH_TEXT.usernameTaken, 'USERNAME_TAKEN');
        userId = raced.id;
      }
    }
    const user = await startSession(db, request, reply, userId, config.SESSION_DAYS);
    return { status: 'ok' as const, created, ...currentUserOf(user) };
  });

  // ---- wallets ----

  async function walletList(userId: string) {
    const [rows, me] = await Promise.all([
      db.selectFrom('wallets').select('address').where('user_id', '=', userId).orderBy('linked_at').orderBy('address').execute(),
      db.selectFrom('users').select('preferred_address').where('id', '=', userId).executeTakeFirstOrThrow(),
    ]);
    const preferred = me.preferred_address;
    const sorted = [...rows].sort((x, y) => Number(y.address === preferred) - Number(x.address === preferred));
    return { modular_wallets: sorted.map((r) => ({ address: getAddress(r.address) })), preferred_address: preferred ? getAddress(preferred) : null };
  }

  route(app, a.getUserWallets, async ({ params, user }) => {
    if (params.uuid !== user.id) throw forbidden(WALLET_TEXT.notYours, 'NOT_YOURS');
    return walletList(user.id);
  });

  route(app, a.walletNonce, async ({ body, user, request }) => {
    const nonce = randomBytes(16).toString('hex');
    const url = new URL(ownOrigin(request));
    const message = createSiweMessage({
      address: getAddress(body.address), chainId: body.chainId, domain: url.host, nonce, uri: url.origin, version: '1',
      statement: 'Link this wallet to your TripShell account.', issuedAt: new Date(), expirationTime: new Date(Date.now() + 10 * 60_000),
    });
    await db.insertInto('wallet_nonces').values({ nonce, user_id: user.id, address: lower(body.address), message, expires_at: new Date(Date.now() + 10 * 60_000) }).execute();
    return { nonce, message };
  });

  route(app, a.walletLink, async ({ body, user }) => {
    const fields = parseSiweMessage(body.message);
    if (!fields.nonce || !fields.address) throw badRequest(WALLET_TEXT.badSignature, 'BAD_SIWE');
    const issued = await db.updateTable('wallet_nonces').set({ used_at: sql`now()` })
      .where('nonce', '=', fields.nonce).where('user_id', '=', user.id).where('used_at', 'is', null).where('expires_at', '>', sql<Date>`now()`)
      .returning(['address', 'message']).executeTakeFirst();
    if (!issued) throw badRequest(WALLET_TEXT.nonceUsed, 'NONCE_USED');
    // The exact message we issued must be what was signed: no field can be swapped.
    if (issued.message !== body.message) throw badRequest(WALLET_TEXT.badSignature, 'BAD_SIWE');
    let signer: string;
    try {
      signer = await recoverMessageAddress({ message: body.message, signature: body.signature as `0x${string}` });
    } catch {
      throw badRequest(WALLET_TEXT.badSignature, 'BAD_SIGNATURE');
    }
    if (lower(signer) !== issued.address) throw badRequest(WALLET_TEXT.badSignature, 'BAD_SIGNATURE');
    try {
      await inTransaction(db, async (trx) => {
        const existing = await trx.selectFrom('wallets').select('user_id').where('address', '=', issued.address).executeTakeFirst();
        if (existing && existing.user_id !== user.id) throw conflict(WALLET_TEXT.linkedElsewhere, 'WALLET_LINKED_ELSEWHERE');
        if (!existing) await trx.insertInto('wallets').values({ address: issued.address, user_id: user.id }).execute();
        await trx.updateTable('users').set({ preferred_address: issued.address }).where('id', '=', user.id).where('preferred_address', 'is', null).execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(WALLET_TEXT.linkedElsewhere, 'WALLET_LINKED_ELSEWHERE');
      throw error;
    }
    return walletList(user.id);
  });

  route(app, a.walletDisconnect, async ({ body, user }) => {
    await inTransaction(db, async (trx) => {
      const removed = await trx.deleteFrom('wallets').where('address', '=', lower(body.address)).where('user_id', '=', user.id).returning('address').executeTakeFirst();
      if (!removed) throw notFound(WALLET_TEXT.notLinked);
      // The preferred address falls back to the first remaining wallet, or none.
      const me = await trx.selectFrom('users').select('preferred_address').where('id', '=', user.id).forUpdate().executeTakeFirstOrThrow();
      if (me.preferred_address === removed.address || me.preferred_address === null) {
        const next = await trx.selectFrom('wallets').select('address').where('user_id', '=', user.id).orderBy('linked_at').orderBy('address').executeTakeFirst();
        await trx.updateTable('users').set({ preferred_address: next?.address ?? null }).where('id', '=', user.id).execute();
      }
    });
    return { success: true as const, ...(await walletList(user.id)) };
  });

  // ---- airdrop ----
  // Eligibility is configuration: AIRDROP_ENABLED, and AIRDROP_ACCOUNTS_CREATED_BEFORE (only
  // accounts made before that instant; unset: every account). One claim per account.

  async function airdropStatus(userId: string) {
    const [me, claim] = await Promise.all([
      db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirstOrThrow(),
      db.selectFrom('airdrop_claims').select('claimed_at').where('user_id', '=', userId).executeTakeFirst(),
    ]);
    const cutoff = config.AIRDROP_ACCOUNTS_CREATED_BEFORE ? new Date(config.AIRDROP_ACCOUNTS_CREATED_BEFORE) : null;
    const eligible = config.AIRDROP_ENABLED && (!cutoff || new Date(me.created_at) < cutoff);
    if (claim) return { eligible, claimed: true, message: AIRDROP_TEXT.alreadyClaimed, claimedAt: Math.floor(new Date(claim.claimed_at).getTime() / 1000) };
    return { eligible, claimed: false, message: !config.AIRDROP_ENABLED ? AIRDROP_TEXT.closed : eligible ? AIRDROP_TEXT.eligible : AIRDROP_TEXT.notEligible, claimedAt: null };
  }

  route(app, a.checkAirdrop, async ({ user }) => airdropStatus(user.id));

  route(app, a.claimAirdrop, async ({ user }) => {
    const status = await airdropStatus(user.id);
    if (status.claimed) throw conflict(AIRDROP_TEXT.alreadyClaimed, 'ALREADY_CLAIMED');
    if (!status.eligible) throw forbidden(status.message, 'NOT_ELIGIBLE');
    const claimedAt = await inTransaction(db, async (trx) => {
      const claim = await trx.insertInto('airdrop_claims').values({ user_id: user.id, airdrop: 'technical-difficulties' })
        .onConflict((oc) => oc.doNothing()).returning('claimed_at').executeTakeFirst();
      if (!claim) throw conflict(AIRDROP_TEXT.alreadyClaimed, 'ALREADY_CLAIMED');
      const to = playerAccount(user.id);
      await post(trx, {
        reason: 'airdrop:technical-difficulties', ref: user.id,
        legs: [ITEM_IDS.baseSetIICrate, ITEM_IDS.technicalDifficulties].map((item) => ({ asset: item, from: MINT, to, amount: 1n })),
      });
      return new Date(claim.claimed_at);
    });
    return { message: AIRDROP_TEXT.claimed, claimedAt: Math.floor(claimedAt.getTime() / 1000) };
  });
}
