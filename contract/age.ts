// The age screen (docs/domain/age.md): a date of birth asked neutrally before web sign-up and
// before a first wager. Only the band it falls in is kept, never the date. Under 13 cannot have an
// account; 13 to 17 play without wagers; wagers need 18 or older. The band is worked out here so
// that the shell and the server agree on every date.
import { z } from 'zod';
import { defineEndpoint } from './http';

export const AGE_TEXT = {
  invalidDate: 'Please enter a valid date of birth',
  futureDate: 'A date of birth cannot be in the future',
  /** Said after the date was entered, never before (a neutral screen does not hint at the answer). */
  tooYoung: 'Sorry, we cannot create an account for you.',
  /** A wager asked for by a player whose band is not known yet: the shell shows the age screen. */
  required: 'Please enter your date of birth before your first wager.',
  /** A wager asked for by a player of 13 to 17. */
  restricted: 'Wagers are only open to players aged 18 or older.',
  /** A player whose band says 13 to 17 tried to answer older (a band only moves towards restriction). */
  alreadyAnswered: 'Your age is already recorded. Contact support if it is wrong.',
} as const;

/** The bands kept on an account. NULL on the account: not asked yet (the host vouched for 13+). */
export const AGE_BANDS = ['13_17', '18_plus'] as const;
export const AgeBand = z.enum(AGE_BANDS);
export type AgeBand = z.infer<typeof AgeBand>;

export const MINIMUM_AGE = 13;
export const WAGER_AGE = 18;
/** The earliest birth year the screen offers and accepts. */
export const OLDEST_BIRTH_YEAR = 1900;

/** The calendar date of `iso` (YYYY-MM-DD) as [year, month, day], or null when there is no such day. */
export function calendarDate(iso: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return [year, month, day];
}

/** Whole years from the birth date to `today` (UTC calendar days). Born on 29 February: a year
 * older on 1 March in a year without one. */
export function ageOn(birth: [number, number, number], today: Date): number {
  const [year, month, day] = birth;
  const [ty, tm, td] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  return ty - year - (tm < month || (tm === month && td < day) ? 1 : 0);
}

/** What a birth date means today: too young for an account, or the band to keep. */
export function ageVerdict(birthDate: string, today: Date = new Date()): 'under_13' | AgeBand {
  const birth = calendarDate(birthDate);
  if (!birth) throw new Error(`not a date: ${birthDate}`);
  const age = ageOn(birth, today);
  return age < MINIMUM_AGE ? 'under_13' : age < WAGER_AGE ? '13_17' : '18_plus';
}

const todayIso = () => new Date().toISOString().slice(0, 10);

/** A date of birth as the API takes it: `YYYY-MM-DD`, a real day, not in the future, not before 1900. */
export const BirthDate = z.string({ error: AGE_TEXT.invalidDate })
  .max(10, AGE_TEXT.invalidDate)
  .refine((value) => calendarDate(value) !== null && value >= `${OLDEST_BIRTH_YEAR}-01-01`, AGE_TEXT.invalidDate)
  .refine((value) => value <= todayIso(), AGE_TEXT.futureDate);

export const AgeAnswer = z.object({ age_band: AgeBand.nullable() });

export const AgeBody = z.object({ birth_date: BirthDate });

export const myAge = defineEndpoint({
  method: 'GET', path: '/api/account/age', access: 'user', summary: 'The age band on this account (null: not asked yet)',
  response: AgeAnswer,
});
export const answerAge = defineEndpoint({
  method: 'POST', path: '/api/account/age', access: 'user', summary: 'Answer the age screen: keeps the band, never the date; a band only moves towards restriction',
  body: AgeBody, response: AgeAnswer,
});

export const ageEndpoints = { myAge, answerAge };
