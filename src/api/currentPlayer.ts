// Who plays at this screen, for the host API: our player's id and name where signed in (null
// when anonymous). The accounts feature keeps it current from whoami (features/accounts/playerToGame.ts); hostApi.ts adds it to the party's own
// member (playerUuid, playerName) and names the party of one with it. Zod-free and tiny.

export interface CurrentPlayer { uuid: string; name: string }

let current: CurrentPlayer | null = null;
/** Every name and id that played at this page, kept out of error reports (src/reporting/errorReporting.ts). */
const seen = new Set<string>();

export function getCurrentPlayer(): CurrentPlayer | null {
  return current;
}

export function setCurrentPlayer(player: CurrentPlayer | null): void {
  current = player;
  if (player) { seen.add(player.name); seen.add(player.uuid); }
}

/** A player's name and id learnt before the accounts feature sets them (the session check at start). */
export function rememberPlayerTexts(...texts: string[]): void {
  for (const t of texts) if (t) seen.add(t);
}

/** The names and ids of every player signed in at this page so far. */
export function playerTextsSeen(): string[] {
  return [...seen];
}
