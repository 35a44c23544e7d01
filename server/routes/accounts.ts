// Accounts beyond the password, server side: Discord and the portal (routes/discord.ts),
// wallets and the airdrop (routes/wallets.ts).
import type { FastifyInstance } from 'fastify';
import { discordRoutes } from './discord';
import { walletRoutes } from './wallets';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  await discordRoutes(app);
  await walletRoutes(app);
}
