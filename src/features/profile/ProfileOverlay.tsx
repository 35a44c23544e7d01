// The player profile overlay: who the player is,
// online status, friends, views, streaks, time played, quests, level, XP, coins, game stats and
// legacy stats. It opens on the logged-in player (or the uuid the game passed); "Find a player"
// and Back move through profiles with the history of machines/profile-navigation.ts.
import { Alert, Avatar, Badge, Button, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useReducer, useState } from 'react';
import { isLoggedIn } from '../../../contract/auth';
import type { Profile } from '../../../contract/profile';
import { backTarget, canGoBack, initialProfileNav, profileNav, shownProfile } from '../../../machines/profile-navigation';
import { SignInOffer } from '../../host-bridge/host';
import { useAskToLogIn } from '../../overlays/context';
import { OverlayFrame, keepFocusInOverlay } from '../../ui/OverlayFrame';
import { showToast } from '../../ui/toast';
import { currentUserQuery } from '../../api/currentUser';
import { profileErrorText, useProfile } from './api/getProfile';
import { EditProfileForm } from './EditProfileForm';
import { PlayerSearch } from './PlayerSearch';
import { formatTc } from '../../ui/formatTc';
import { formatTimePlayed, gameStats, joinedText, legacyBlocks, levelOf, onlineStatusText } from './profileLogic';
import classes from './Profile.module.css';
import { t } from '../../i18n';
import { formatNumber } from '../../i18n/format';

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className={classes.stat} data-testid={testId}>
      <span className={classes.statValue}>{value}</span>
      <span className={classes.statLabel}>{label}</span>
    </div>
  );
}

function ProfileView({ profile, own }: { profile: Profile; own: boolean }) {
  const [editing, setEditing] = useState(false);
  const s = profile.STL3Stats;
  const level = levelOf(s.level);
  const legacy = legacyBlocks(profile);
  return (
    <Stack gap="lg" className={classes.body} data-testid="profile-view" data-uuid={profile.uuid}>
      <section className={classes.hero} aria-label={t('profile.ProfileOverlay.player')}>
        <Avatar size={72} radius="xl" color="blue" variant="filled" aria-hidden>{profile.username.charAt(0).toUpperCase()}</Avatar>
        <div className={classes.heroText}>
          <Title order={3} data-testid="profile-username">{profile.username}</Title>
          <Text size="sm" c="gray.4">@{profile.username.toLowerCase()}</Text>
          <div className={classes.statusLine}>
            {/* The separator stays with the status: on a narrow screen the joined date wraps
                onto its own line instead of a line that starts with "·". */}
            <span className={classes.statusGroup}>
              <span className={classes.dot} data-online={profile.online_status.isOnline || undefined} aria-hidden />
              <Text size="sm" data-testid="profile-status">{onlineStatusText(profile.online_status)}</Text>
              <Text span size="sm" c="gray.4" aria-hidden>·</Text>
            </span>
            <Text size="sm" c="gray.4" data-testid="profile-joined">{joinedText(profile.account_creation)}</Text>
          </div>
          {editing ? (
            <EditProfileForm location={profile.location} description={profile.description}
              onDone={() => setEditing(false)} />
          ) : (
            <>
              {profile.location && <Text size="sm" className={classes.location}><IconMapPin size={14} aria-hidden /> {profile.location}</Text>}
              <Text size="sm" c={profile.description ? undefined : 'gray.5'} data-testid="profile-bio">{profile.description || (own ? t('profile.ProfileOverlay.addABioSoOther') : t('profile.ProfileOverlay.noBioYet'))}</Text>
              {own && <Button size="xs" variant="light" mt={4} onClick={() => setEditing(true)} style={{ alignSelf: 'flex-start' }}>{t('profile.ProfileOverlay.editProfile')}</Button>}
            </>
          )}
        </div>
      </section>

      <div className={classes.statRow}>
        <Stat label={t('profile.ProfileOverlay.friends')} value={formatNumber(profile.friend_count)} testId="profile-friends" />
        <Stat label={t('profile.ProfileOverlay.views')} value={formatNumber(profile.views)} testId="profile-views" />
        <Stat label={t('profile.ProfileOverlay.loginStreak')} value={t('profile.ProfileOverlay.days', { count: profile.dailyLoginInfo.login_streak })} testId="profile-streak" />
        <Stat label={t('profile.ProfileOverlay.bestStreak')} value={t('profile.ProfileOverlay.days', { count: profile.dailyLoginInfo.best_streak })} />
        <Stat label={t('profile.ProfileOverlay.timePlayed')} value={formatTimePlayed(s.timeplayed)} testId="profile-time" />
        <Stat label={t('profile.ProfileOverlay.quests')} value={formatNumber(profile.total_quests)} />
      </div>

      <section className={classes.panel} aria-label={t('profile.ProfileOverlay.level')}>
        <div className={classes.levelHead}>
          <Title order={4} data-testid="profile-level">{t('progress.level', { level: level.level })}</Title>
          <Text size="sm" c="gray.4" data-testid="profile-level-progress">{level.label}</Text>
        </div>
        <Progress value={level.percent} size="md" radius="xl" aria-label={level.label} />
        <div className={classes.levelFacts}>
          <Stat label={t('profile.ProfileOverlay.xp')} value={formatNumber(s.xp)} testId="profile-xp" />
          <Stat label={t('profile.ProfileOverlay.xpForNextLevel')} value={formatNumber(s.xp_for_next_level)} />
          <Stat label={t('profile.ProfileOverlay.coins')} value={s.coins === null ? t('profile.ProfileOverlay.coinsPrivate') : formatTc(s.coins)} testId="profile-coins" />
        </div>
      </section>

      <section className={classes.panel} aria-labelledby="featured-items">
        <Title order={4} id="featured-items">{t('profile.ProfileOverlay.featuredItems')}</Title>
        <Text size="sm" c="gray.4">{own ? t('profile.ProfileOverlay.youHaveNotFeaturedAny') : t('profile.ProfileOverlay.noFeaturedItemsYet')}</Text>
      </section>

      <section aria-labelledby="game-stats">
        <Title order={4} id="game-stats" mb="xs">{t('profile.ProfileOverlay.gameStats')}</Title>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          {gameStats(profile).map((stat) => <Stat key={stat.label} label={stat.label} value={stat.value} />)}
        </SimpleGrid>
      </section>

      {legacy.length > 0 && (
        <section aria-labelledby="legacy-stats">
          <Title order={4} id="legacy-stats" mb="xs">{t('profile.ProfileOverlay.legacyStats')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {legacy.map((block) => (
              <div key={block.block} className={classes.panel} data-testid="legacy-block">
                <Title order={5}>{block.title}</Title>
                <dl className={classes.legacyRows}>
                  {block.rows.map((row) => <div key={row.key}><dt>{row.label}</dt><dd>{row.value}</dd></div>)}
                </dl>
              </div>
            ))}
          </SimpleGrid>
        </section>
      )}
    </Stack>
  );
}

function ShownProfile({ uuid, own }: { uuid: string; own: boolean }) {
  const query = useProfile(uuid);
  const error = query.isError ? profileErrorText(query.error) : null;
  const errorTitle = error?.title;
  const errorToast = error?.toast;
  useEffect(() => {
    if (errorTitle && errorToast) showToast({ title: errorTitle, message: errorToast, tone: 'error' });
  }, [errorTitle, errorToast]);
  if (query.isPending) return <Text role="status" c="gray.4" ta="center">{t('profile.ProfileOverlay.loadingProfile')}</Text>;
  if (error) {
    return (
      <Alert color="red" role="alert" title={error.title} data-testid="profile-error">
        <Stack gap="xs" align="flex-start"><Text size="sm">{error.detail}</Text><Button size="xs" variant="light" onClick={() => void query.refetch()}>{t('profile.ProfileOverlay.tryAgain')}</Button></Stack>
      </Alert>
    );
  }
  return <ProfileView profile={query.data!} own={own} />;
}

export default function ProfileOverlay({ payload, onClose }: { payload: { uuid?: string; over?: boolean }; onClose: () => void }) {
  const me = useQuery(currentUserQuery);
  const loggedIn = me.data ? isLoggedIn(me.data) : false;
  const [nav, dispatch] = useReducer(profileNav, payload.uuid, (uuid) =>
    uuid ? profileNav(initialProfileNav(), { type: 'navigateToProfile', uuid }) : initialProfileNav());
  const self = loggedIn ? me.data!.uuid : null;
  useEffect(() => { if (self) dispatch({ type: 'self.known', uuid: self }); }, [self]);
  const shown = shownProfile(nav);
  // Opened over another screen (a clan member list): Back from the first profile goes back to
  // that screen, not to the player's own profile (the spec's sources are profile, friends and
  // messages; the screen underneath is where this player came from).
  const backLeaves = payload.over === true && nav.history.length === 1 && backTarget(nav)?.kind === 'source';
  const back = canGoBack(nav);

  let body;
  if (me.isPending) body = <Text role="status" c="gray.4" ta="center">{t('profile.ProfileOverlay.loadingProfile')}</Text>;
  else if (!loggedIn) {
    body = (
      <Stack align="center" gap="sm" py="xl">
        <SignInOffer>
          <Text>{t('profile.ProfileOverlay.logInToSeePlayer')}</Text>
          <LogInButton />
        </SignInOffer>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md" className={classes.body}>
        <PlayerSearch onPick={(uuid) => dispatch({ type: 'navigateToProfile', uuid })} />
        {shown && <ShownProfile key={shown} uuid={shown} own={shown === self} />}
      </Stack>
    );
  }

  return (
    <OverlayFrame label={t('profile.ProfileOverlay.playerProfile')} onClose={onClose} testId="profile-overlay"
      start={back ? (
        <Button variant="subtle" color="gray" size="compact-md" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={(event) => { if (backLeaves) { onClose(); return; } keepFocusInOverlay(event.currentTarget); dispatch({ type: 'goBack' }); }}>
          {t('profile.ProfileOverlay.back')}
        </Button>
      ) : null}
      end={shown && self && shown !== self ? <Badge variant="light" color="gray" visibleFrom="xs">{t('profile.ProfileOverlay.viewingAnotherPlayer')}</Badge> : null}>
      {body}
    </OverlayFrame>
  );
}

function LogInButton() {
  const askToLogIn = useAskToLogIn();
  return <Button onClick={() => askToLogIn()}>{t('profile.ProfileOverlay.logIn')}</Button>;
}
