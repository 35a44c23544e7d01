// The Clans section's client-side checks, with the spec's texts. The server
// checks the same rules (contract/clans.ts); these stop a bad form before any request.

import { nameCharacterProblem } from '../../../contract/names';
import { CLAN_TEXT, NAME_TEXT } from '../../i18n/texts';
import { t } from '../../i18n';
import { NAME_TEXT as NAME_TEXT_EN } from '../../../contract/names';

/** The contract's check, said in the player's language. */
function localNameProblem(name: string): string | null {
  const problem = nameCharacterProblem(name, 'Clan name');
  if (problem === null) return null;
  const what = t('clans.clanNameWhat');
  return problem === NAME_TEXT_EN.invisible('Clan name') ? NAME_TEXT.invisible(what) : NAME_TEXT.mixedScripts(what);
}

export const CLAN_NAME_MAX = 20;
export const CLAN_TAG_MAX = 5;

/** The tag as the player types it: uppercased automatically, at most 5 characters. */
export const normalizeTag = (raw: string): string => raw.toUpperCase().slice(0, CLAN_TAG_MAX);

export function clanNameError(name: string): string | null {
  const n = name.trim().length;
  return n < 3 || n > 20 ? CLAN_TEXT.nameRule : localNameProblem(name.trim());
}

export function clanTagError(tag: string): string | null {
  const t = tag.trim();
  return t.length < 2 || t.length > 5 || !/^[A-Za-z0-9]+$/.test(t) ? CLAN_TEXT.tagRule : null;
}

/** Inviting needs a player picked from the search results. */
export function inviteError(selected: string | null): string | null {
  return selected ? null : CLAN_TEXT.selectPlayer;
}

/** Disband is allowed only when the typed text is exactly the clan name. */
export const disbandConfirmed = (typed: string, clanName: string): boolean => typed === clanName;

/** Admins first, then by username. */
export function adminsFirst<T extends { role: string; username: string }>(members: readonly T[]): T[] {
  return [...members].sort((a, b) => (a.role === b.role ? a.username.localeCompare(b.username) : a.role === 'admin' ? -1 : 1));
}
