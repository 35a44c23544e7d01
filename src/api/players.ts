// Player search (GET /api/searchPlayers/{query}?limit=5): shared by the
// profile overlay's "Find a player", the market's transfer recipient and the clan invite.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PLAYER_SEARCH_LIMIT, searchPlayers as searchPlayersEndpoint } from '../../contract/economy';
import { call } from './client';

export const searchPlayers = (text: string, signal?: AbortSignal) =>
  call(searchPlayersEndpoint, { params: { query: text }, query: { limit: PLAYER_SEARCH_LIMIT }, signal });

export const searchPlayersQuery = (text: string) => queryOptions({
  queryKey: ['searchPlayers', text] as const,
  queryFn: ({ signal }) => searchPlayers(text, signal),
  staleTime: 30_000,
});

/** Searches once `text` is not empty (the caller sets it on Enter). */
export const useSearchPlayers = (text: string) => useQuery({ ...searchPlayersQuery(text), enabled: text !== '' });
