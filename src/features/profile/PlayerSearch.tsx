// "Find a player" inside the profile overlay: searches on Enter (limit 5),
// and a result opens that player's profile (navigateToProfile).
import { Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { useSearchPlayers } from '../../api/players';
import { keepFocusInOverlay } from '../../ui/OverlayFrame';
import classes from './Profile.module.css';
import { t } from '../../i18n';

export function PlayerSearch({ onPick }: { onPick: (uuid: string) => void }) {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState('');
  const query = useSearchPlayers(submitted);
  const pick = (uuid: string, from: Element) => { keepFocusInOverlay(from); setText(''); setSubmitted(''); onPick(uuid); };
  return (
    <div className={classes.search}>
      <TextInput aria-label={t('profile.PlayerSearch.findAPlayer')} placeholder={t('profile.PlayerSearch.findAPlayerPressEnter')} value={text} leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={64}
        onChange={(event) => { setText(event.currentTarget.value); if (!event.currentTarget.value.trim()) setSubmitted(''); }}
        onKeyDown={(event) => { if (event.key === 'Enter') { event.preventDefault(); setSubmitted(text.trim()); } }} />
      {submitted !== '' && (
        <div className={classes.results} data-testid="player-search-results">
          {query.isPending ? <Loader size="xs" aria-label={t('profile.PlayerSearch.searchingPlayers')} />
            : query.isError ? <Text size="sm" c="red.4" role="alert">{errorText(query.error, t('profile.searchFailed'))}</Text>
              : query.data.length === 0 ? <Text size="sm" c="gray.4">{t('profile.PlayerSearch.noPlayersFound')}</Text>
                : (
                  <Stack gap={2}>
                    {query.data.map((player) => (
                      <UnstyledButton key={player.uuid} className={classes.result} onClick={(event) => pick(player.uuid, event.currentTarget)}>
                        {player.username}
                      </UnstyledButton>
                    ))}
                  </Stack>
                )}
        </div>
      )}
    </div>
  );
}
