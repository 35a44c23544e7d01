// GET/PUT /api/settings: the settings that follow a logged-in player to another device or host.
// The body is the whole settings object, validated by the contract's strict schema (the same
// one the shell's import uses): a bad body answers 400 and nothing is written. A player only
// ever reads and writes their own row (the session's user).
import type { FastifyInstance } from 'fastify';
import { getAccountSettings, putAccountSettings } from '../../contract/settings';
import { route } from '../route';
import { readAccountSettings, writeAccountSettings } from '../services/accounts/settings';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  route(app, getAccountSettings, async ({ user }) => readAccountSettings(db, user.id));
  route(app, putAccountSettings, async ({ user, body, trx }) => writeAccountSettings(trx, user.id, body));
}
