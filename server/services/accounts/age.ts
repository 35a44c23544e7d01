// The age band on an account (docs/domain/age.md): what the age screen's answer keeps (never the
// date), the rule for answering again, and the wager gate. The per-host feature policy is a
// separate gate; this one asks only how old the player said they are.
import { AGE_TEXT, ageVerdict, type AgeBand } from '../../../contract/age';
import type { Executor, Trx } from '../../db/tx';
import { conflict, forbidden } from '../errors';

/** The band a sign-up keeps for this birth date (null: none given); under 13 is refused before anything is written. */
export function signUpBand(birthDate: string | undefined, today: Date = new Date()): AgeBand | null {
  if (birthDate === undefined) return null;
  const verdict = ageVerdict(birthDate, today);
  if (verdict === 'under_13') throw forbidden(AGE_TEXT.tooYoung, 'AGE_TOO_YOUNG');
  return verdict;
}

export async function ageBandOf(db: Executor, userId: string): Promise<AgeBand | null> {
  const row = await db.selectFrom('users').select('age_band').where('id', '=', userId).executeTakeFirst();
  return row?.age_band ?? null;
}

/** Sets the band a new account's sign-up gave (in the sign-up's transaction). */
export async function setSignUpBand(trx: Trx, userId: string, band: AgeBand | null): Promise<void> {
  if (band !== null) await trx.updateTable('users').set({ age_band: band }).where('id', '=', userId).execute();
}

/**
 * The age screen answered by a signed-in player. The band only ever moves towards restriction:
 * unknown takes any answer (under 13 on an account a host vouched for keeps 13_17, the most
 * restricted band an account can hold: no wagers, and the date is not kept); 18_plus may become
 * 13_17; 13_17 never becomes 18_plus by the player's own answer (409; support corrects a mistake).
 */
export async function answerAge(trx: Trx, userId: string, birthDate: string, today: Date = new Date()): Promise<AgeBand> {
  const verdict = ageVerdict(birthDate, today);
  const answered: AgeBand = verdict === 'under_13' ? '13_17' : verdict;
  const row = await trx.selectFrom('users').select('age_band').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  if (row.age_band === answered) return answered;
  if (row.age_band === '13_17') throw conflict(AGE_TEXT.alreadyAnswered, 'AGE_ALREADY_ANSWERED');
  await trx.updateTable('users').set({ age_band: answered }).where('id', '=', userId).execute();
  return answered;
}

/** A wager (creating or accepting a coin flip) needs the 18_plus band: unknown asks the age
 * screen first (403 AGE_REQUIRED), 13_17 is refused (403 AGE_RESTRICTED). */
export async function assertMayWager(db: Executor, userId: string): Promise<void> {
  const band = await ageBandOf(db, userId);
  if (band === null) throw forbidden(AGE_TEXT.required, 'AGE_REQUIRED');
  if (band !== '18_plus') throw forbidden(AGE_TEXT.restricted, 'AGE_RESTRICTED');
}
