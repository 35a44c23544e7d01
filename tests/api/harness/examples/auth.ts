// Valid calls of the account endpoints: a bot-check token and the caller's real password.
import { freshName } from '../actors';
import type { Example } from '../examples';

export const AUTH_EXAMPLES: Record<string, Example> = {
  'POST /api/register': {
    async call(ctx) { return { body: { username: freshName('reg'), password: 'hunter22-hunter', turnstile_token: await ctx.botToken() } }; },
  },
  'POST /api/login': {
    async call(ctx) {
      const who = ctx.caller ?? ctx.owner;
      return { body: { username: who.username, password: who.password, remember_me: true, turnstile_token: await ctx.botToken() } };
    },
    endsSession: true,
  },
  'POST /api/logout': { call: () => ({ body: {} }), endsSession: true },
  'POST /api/userChangePassword': {
    // "Changing" to the same password keeps the actor's credentials valid for later cases.
    // With a bot check: one after a failed attempt at this account asks for it.
    call: async (ctx) => ({ body: { currentPassword: ctx.owner.password, newPassword: ctx.owner.password, turnstile_token: await ctx.botToken() } }),
    endsSession: true,
  },
  'POST /api/logoutEverywhere': { call: () => ({ body: { everywhere: true } }), endsSession: true },
  // The age screen's answer: the actors are adults already (harness/actors.ts), so the same band again.
  'POST /api/account/age': { call: () => ({ body: { birth_date: '1990-04-01' } }) },
  // Your own wallets only ("only your own" in the contract).
  'GET /api/wallet/getUserWallets/:uuid': { call: () => ({}), ownership: 'owner-only' },
  // The outage compensation can be claimed once per player.
  'POST /api/claimTechnicalDifficulties': { call: () => ({ body: {} }), oncePerPlayer: true },
  // Profiles are public to every logged-in player.
  'GET /api/getProfile/:uuid': { call: () => ({}), ownership: 'anyone' },
};
