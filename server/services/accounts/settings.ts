// Settings saved to a player's account (beyond the spec; contract/settings.ts). The API has
// already validated a write with the strict schema; reads go through settingsWithDefaults, so a
// copy written by an older build (a setting since added or its range changed) still loads.
import { sql } from 'kysely';
import { parseSetting, settingsWithDefaults, type AccountSettings, type AccountSettingsUpload } from '../../../contract/settings';
import type { Executor } from '../../db/tx';

const iso = (d: Date | string) => new Date(d).toISOString();

/** A stored copy's language counts as the player's choice only when it holds a valid one. */
function languageChosen(raw: unknown): boolean {
  return raw !== null && typeof raw === 'object' && !Array.isArray(raw)
    && parseSetting('language', (raw as Record<string, unknown>).language) !== undefined;
}

const answer = (row: { settings: unknown; updated_at: Date | string }): AccountSettings => ({
  settings: settingsWithDefaults(row.settings), updatedAt: iso(row.updated_at), languageChosen: languageChosen(row.settings),
});

export async function readAccountSettings(db: Executor, userId: string): Promise<AccountSettings> {
  const row = await db.selectFrom('user_settings').select(['settings', 'updated_at']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { settings: null, updatedAt: null, languageChosen: false };
  return answer(row);
}

/** Stores the upload as given: without `language` when the player has not chosen one. */
export async function writeAccountSettings(db: Executor, userId: string, settings: AccountSettingsUpload): Promise<AccountSettings> {
  const json = JSON.stringify(settings);
  const row = await db.insertInto('user_settings').values({ user_id: userId, settings: json })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings: json, updated_at: sql`now()` }))
    .returning(['settings', 'updated_at']).executeTakeFirstOrThrow();
  return answer(row);
}
