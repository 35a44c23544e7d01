// Settings saved to a player's account (beyond the spec; contract/settings.ts). The API has
// already validated a write with the strict schema; reads go through settingsWithDefaults, so a
// copy written by an older build (a setting since added or its range changed) still loads.
import { sql } from 'kysely';
import { settingsWithDefaults, type AccountSettings, type SettingsValues } from '../../contract/settings';
import type { Executor } from '../db/tx';

const iso = (d: Date | string) => new Date(d).toISOString();

export async function readAccountSettings(db: Executor, userId: string): Promise<AccountSettings> {
  const row = await db.selectFrom('user_settings').select(['settings', 'updated_at']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { settings: null, updatedAt: null };
  return { settings: settingsWithDefaults(row.settings), updatedAt: iso(row.updated_at) };
}

export async function writeAccountSettings(db: Executor, userId: string, settings: SettingsValues): Promise<AccountSettings> {
  const json = JSON.stringify(settings);
  const row = await db.insertInto('user_settings').values({ user_id: userId, settings: json })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings: json, updated_at: sql`now()` }))
    .returning(['settings', 'updated_at']).executeTakeFirstOrThrow();
  return { settings: settingsWithDefaults(row.settings), updatedAt: iso(row.updated_at) };
}
