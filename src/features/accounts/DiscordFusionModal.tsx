// The account decision after a Discord sign-in with no game account yet. The spec asks 'Do you
// already have a {product}Land account?', a name a Discord player never met: it asks whether they
// played here before with a username and password — No creates an account for the Discord identity under the suggested
// username, Yes asks for that account's username and password and fuses them. Either way the
// player is signed in and the game bootstraps. The pending identity stays in session storage
// until then, so a reload brings the decision back (AccountsAtStart).
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';

import type { OverlayProps } from '../../overlays/types';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errors';
import { useCreateDiscordAccount } from './api/createDiscordAccount';
import { useFuseDiscordAccount } from './api/fuseDiscordAccount';
import { clearPendingDiscord, readPendingDiscord, storePendingDiscord } from './api/discord';
import { signedIn, welcomeNew } from './signedIn';
import { BusyModal } from '../../overlays/BusyModal';
import { useGameLink } from '../../game-link/context';
import { t } from '../../i18n';
import { localized } from '../../i18n/localized';
import { rich } from '../../i18n/rich';
import { AUTH_TEXT, DISCORD_TEXT } from '../../i18n/texts';
import { useHost } from '../../host-bridge/host';
import { HostAccountAnswer, hostAccountText } from './hostAccount';

export const FUSION_TEXT = localized('accounts.fusion', {
  decisionTitle: 'Account Setup',
  question: 'Have you played here before, with a username and password?',
  yes: 'Yes, I have an account',
  no: "No, I'm a new player",
  fuseTitle: 'Fuse Account',
  fuseText: 'Enter the username and password you play with here to link your Discord account to that account.',
  fuseButton: 'Link Accounts',
  linkFailed: 'Failed to link accounts',
  linked: (username: string) => `Accounts linked! Welcome back, ${username}!`,
} as const);

export default function DiscordFusionModal(props: OverlayProps<'discordFusion'>) {
  const { accountName } = useHost();
  // No Discord account decision (nor its password form) where the host's account is the
  // player's (the portal's full launch): the game hears nothing of it, the player a text.
  if (accountName) return <HostAccountAnswer message={hostAccountText.noDiscord(accountName)} onClose={props.onClose} />;
  return <FusionDecision {...props} />;
}

function FusionDecision({ payload, onClose }: OverlayProps<'discordFusion'>) {
  const queryClient = useQueryClient();
  const gameLink = useGameLink();
  const [view, setView] = useState<'decision' | 'fuse'>('decision');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const discordId = payload.discordUser.id;
  const suggested = payload.suggestedUsername ?? '';

  // A decision the game asked for is kept like ours, so that a reload brings it back too (one
  // already kept keeps its age: reopening it does not make it live longer than the server's).
  useEffect(() => {
    if (readPendingDiscord()?.discordUser.id === payload.discordUser.id) return;
    storePendingDiscord({ discordUser: payload.discordUser, suggestedUsername: payload.suggestedUsername, accessToken: payload.accessToken });
  }, [payload]);

  const close = () => {
    if (busy) return;
    clearPendingDiscord();
    onClose();
  };

  const finish = (answer: unknown, greeting: (u: string) => string) => {
    clearPendingDiscord();
    signedIn(queryClient, gameLink, answer, { greeting, bootstrap: true });
    onClose();
  };

  const creating = useCreateDiscordAccount({
    onSuccess: (answer) => finish(answer, welcomeNew),
    onError: (failure) => setError(errorText(failure, DISCORD_TEXT.createFailed)),
  });
  const fusing = useFuseDiscordAccount({
    onSuccess: (answer) => finish(answer, FUSION_TEXT.linked),
    onError: (failure) => {
      setPassword('');
      setError(failure instanceof ApiError && failure.status === 401 ? DISCORD_TEXT.fuseFailed : errorText(failure, FUSION_TEXT.linkFailed));
    },
  });
  const busy = creating.isPending ? 'create' : fusing.isPending ? 'fuse' : null;
  const token = payload.accessToken ? { accessToken: payload.accessToken } : {};

  const create = () => {
    if (busy) return;
    if (!discordId || !suggested) { setError(DISCORD_TEXT.missingUser); return; }
    setError(null);
    creating.mutate({ discordId, username: suggested, ...token });
  };

  const fuse = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!username.trim() || !password) { setError(AUTH_TEXT.missingCredentials); return; }
    setError(null);
    fusing.mutate({ discordId, username: username.trim(), password, ...token });
  };

  return (
    <BusyModal
      busy={busy !== null}
      onClose={close}
      title={view === 'decision' ? FUSION_TEXT.decisionTitle : FUSION_TEXT.fuseTitle}
    >
      {view === 'decision' ? (
        <Stack>
          <Text size="sm" c="dimmed">{rich(t('accounts.DiscordFusionModal.signedInWithDiscordAs', { name: payload.discordUser.username }), [<Text span fw={600} c="bright" />])}</Text>
          <Text fw={600}>{FUSION_TEXT.question}</Text>
          {error && <Text c="red" size="sm" role="alert">{error}</Text>}
          <Stack gap="xs">
            <Button onClick={() => { setError(null); setView('fuse'); }} disabled={busy !== null}>{FUSION_TEXT.yes}</Button>
            <Button variant="default" onClick={() => create()} loading={busy === 'create'} disabled={busy === 'fuse'}>{FUSION_TEXT.no}</Button>
          </Stack>
          {suggested && <Text size="xs" c="dimmed">{t('accounts.DiscordFusionModal.aNewAccountWillBe', { name: suggested })}</Text>}
        </Stack>
      ) : (
        <form onSubmit={fuse} noValidate>
          <Stack>
            <Text size="sm">{FUSION_TEXT.fuseText}</Text>
            <TextInput label={t('accounts.DiscordFusionModal.username')} autoComplete="username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} disabled={busy !== null} data-autofocus />
            <PasswordInput label={t('accounts.DiscordFusionModal.password')} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} disabled={busy !== null} />
            {error && <Text c="red" size="sm" role="alert">{error}</Text>}
            <Group justify="space-between">
              <Button variant="default" onClick={() => { setError(null); setView('decision'); }} disabled={busy !== null}>{t('accounts.DiscordFusionModal.back')}</Button>
              <Button type="submit" loading={busy === 'fuse'}>{FUSION_TEXT.fuseButton}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </BusyModal>
  );
}
