// Who plays at this screen, for the host API: our player's id and name where signed in (null
// when anonymous). The accounts feature keeps it current from whoami (features/accounts/playerToGame.ts); hostApi.ts adds it to the party's own
// member (playerUuid, playerName) and names the party of one with it. Zod-free and tiny.

export interface CurrentPlayer { uuid: string; name: string }

let current: CurrentPlayer | null = null;

export function getCurrentPlayer(): CurrentPlayer | null {
  return current;
}

export function setCurrentPlayer(player: CurrentPlayer | null): void {
  current = player;
}
