// Runs machines/discord-oauth.ts in the browser: START opens the popup inside the click.
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { PublicConfig } from '../../../contract/system';
import { discordOAuthMachine, type DiscordPurpose } from '../../../machines/discord-oauth';
import { browserDiscordEnv, discordRedirectUri, exchangeCode, linkCode } from './api/discord';

const provided = discordOAuthMachine.provide({
  actors: {
    exchange: fromPromise<unknown, { code: string }>(({ input }) => exchangeCode(input.code)),
    link: fromPromise<unknown, { code: string }>(({ input }) => linkCode(input.code)),
  },
});

export function useDiscordPopup(purpose: DiscordPurpose, discord: PublicConfig['discord']) {
  const input = useMemo(() => ({
    purpose,
    authorizeUrl: discord.authorizeUrl,
    clientId: discord.clientId ?? '',
    redirectUri: discordRedirectUri(),
    env: browserDiscordEnv(),
  }), [purpose, discord]);
  const [state, send, actor] = useMachine(provided, { input });
  // Leaving (the modal closed) abandons the flow and its popup.
  const actorRef = useRef(actor);
  actorRef.current = actor;
  useEffect(() => () => { actorRef.current.send({ type: 'CANCEL' }); }, []);
  const busy = !state.matches('idle') && state.status !== 'done';
  return { state, busy, start: () => send({ type: 'START' }) };
}
