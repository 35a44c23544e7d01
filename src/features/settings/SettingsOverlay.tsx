// The settings overlay: full screen, a 260 px sidebar (a slide-in
// drawer below 768 px) and one active section. Account, Airdrops and Clans belong to other
// features; src/app hands their components in through `extraSections` (features do not import
// each other), and a section without a component is not listed.
import { ActionIcon, Alert, Drawer, NavLink, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  IconAdjustments, IconDeviceDesktop, IconDeviceGamepad2, IconGift, IconInfoCircle, IconKeyboard, IconMenu2, IconMouse,
  IconSearch, IconUserCircle, IconUsersGroup, IconVolume, IconWorld, IconX, type Icon,
} from '@tabler/icons-react';
import { Suspense, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { FIELD_NAMES, SETTINGS_FIELDS, isHiddenSetting, isSectionId, type SectionId } from '../../../contract/settings';
import { useBackLayer } from '../../overlays/back';
import { useCurrentUser } from '../../api/currentUser';
import { isLoggedIn } from '../../../contract/auth';
import { useEscapeLayer } from '../../overlays/context';
import { AboutSection } from './AboutSection';
import { FieldControl } from './FieldControl';
import { KeyboardSection } from './KeyboardSection';
import { SettingsActions } from './SettingsActions';
import { useSettings, type SettingsApi } from './useSettings';
import { useViewport } from './useViewport';
import classes from './SettingsOverlay.module.css';
import { t } from '../../i18n';
import { fieldLabel, sectionLabel } from '../../i18n/settingsTexts';

export type ExtraSectionId = 'accounts' | 'airdrops' | 'clans';
/** `tab`: the tab a section opens on, when the overlay was opened to it (e.g. Account → Wallets). */
export interface ExtraSectionProps { tab?: string }
export type ExtraSections = Partial<Record<ExtraSectionId, LazyExoticComponent<ComponentType<ExtraSectionProps>> | ComponentType<ExtraSectionProps>>>;

export const LATENCY_DESCRIPTION = 'Low latency mode only uses servers with ping below 50 ms; auto-decline applies to servers above 100 ms.';
export const DRAWER_WIDTH = 'min(85%, 300px)';

export interface SettingsOverlayProps {
  payload: { section?: string; tab?: string };
  onClose: () => void;
  extraSections?: ExtraSections;
  username?: string;
  /** A note above the sections (the app's: settings that last only for this visit), with its close. */
  notice?: string | undefined;
  onCloseNotice?: () => void;
}

/** The sidebar's icon for each section (decorative: the label names the section). */
export const SECTION_ICONS: Record<SectionId, Icon> = {
  general: IconAdjustments, mouse: IconMouse, audio: IconVolume, regions: IconWorld, video: IconDeviceDesktop,
  gameplay: IconDeviceGamepad2, accounts: IconUserCircle, keyboard: IconKeyboard, about: IconInfoCircle,
  airdrops: IconGift, clans: IconUsersGroup,
};

const isExtra = (id: SectionId): id is ExtraSectionId => id === 'accounts' || id === 'airdrops' || id === 'clans';

/** Switches that act through the player's account (the server reads them, or they sign the
 * player in): a guest has nothing for them to act on, so a guest does not see them. */
const ACCOUNT_ONLY: ReadonlySet<string> = new Set(['showBalanceToClan', 'autoLogin']);
/** The settings the latency line explains: it shows only beside them. */
const LATENCY_FIELDS: ReadonlySet<string> = new Set(['lowLatencyMode', 'autoDeclineHighPing']);

/** Whether a field shows to this player: not hidden by the parent, not account-only for a guest. */
function useShown(hidden: ReadonlySet<string>): (name: (typeof FIELD_NAMES)[number]) => boolean {
  const { user, settled } = useCurrentUser();
  const guest = settled && !isLoggedIn(user);
  return (name) => !isHiddenSetting(name, hidden) && !(guest && ACCOUNT_ONLY.has(name));
}

function FieldsSection({ section, api, hidden }: { section: SectionId; api: SettingsApi; hidden: ReadonlySet<string> }) {
  const shown = useShown(hidden);
  const names = FIELD_NAMES.filter((n) => SETTINGS_FIELDS[n].section === section && n !== 'sprintMode' && shown(n));
  if (names.length === 0) return <Text c="dimmed">{t('settings.SettingsOverlay.noSettingsAvailableHere')}</Text>;
  return (
    <Stack gap="sm">
      {names.some((n) => LATENCY_FIELDS.has(n)) && <Text size="sm" c="dimmed" data-testid="latency-description">{t('settings.latencyDescription')}</Text>}
      <div className={classes.fields}>{names.map((n) => <FieldControl key={n} name={n} api={api} />)}</div>
    </Stack>
  );
}

/** Beyond the spec: every visible setting, across the listed sections, whose label matches. */
function SearchResults({ query, sections, api, hidden }: { query: string; sections: readonly SectionId[]; api: SettingsApi; hidden: ReadonlySet<string> }) {
  const needle = query.trim().toLowerCase();
  const shown = useShown(hidden);
  const names = FIELD_NAMES.filter((n) => sections.includes(SETTINGS_FIELDS[n].section) && shown(n)
    && fieldLabel(n).toLowerCase().includes(needle));
  if (names.length === 0) return <Text c="dimmed">{t('settings.SettingsOverlay.noSettingsMatch', { query: query.trim() })}</Text>;
  return <div className={classes.fields} data-testid="settings-search-results">{names.map((n) => <FieldControl key={n} name={n} api={api} />)}</div>;
}

export default function SettingsOverlay({ payload, onClose, extraSections = {}, username, notice, onCloseNotice }: SettingsOverlayProps) {
  const api = useSettings();
  const { config } = api.store;
  const viewport = useViewport();
  const hidden = useMemo(() => new Set(config.hidden), [config.hidden]);
  const sections = useMemo(
    () => config.order.filter((id) => !config.disabledSections.includes(id) && (!isExtra(id) || extraSections[id] !== undefined)),
    [config, extraSections],
  );
  const initial = isSectionId(payload.section) && sections.includes(payload.section) ? payload.section
    : sections.includes('accounts') ? 'accounts' : (sections[0] ?? 'about');
  const [active, setActive] = useState<SectionId>(initial);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [query, setQuery] = useState('');

  // While a search is typed, its results are the topmost layer: Escape clears the search and
  // shows the section again; only the next Escape closes the overlay.
  useEscapeLayer('dialog', query !== '', () => setQuery(''));
  // The phone's sections drawer is a layer of its own above that: Escape and Back (the back
  // gesture) close the drawer first, and only the next Escape the overlay.
  const drawerShown = viewport.isMobile && drawerOpen;
  useEscapeLayer('dialog', drawerShown, () => setDrawerOpen(false));
  useBackLayer(drawerShown, () => setDrawerOpen(false));

  const choose = (id: SectionId) => { setActive(id); setDrawerOpen(false); setQuery(''); };

  const sidebar = (
    <nav aria-label={t('settings.SettingsOverlay.settingsSections')} className={viewport.isMobile ? `${classes.sidebar} ${classes.drawerSidebar}` : classes.sidebar}>
      {username && <div className={classes.username} data-testid="settings-username">{username}</div>}
      {sections.map((id) => {
        const SectionIcon = SECTION_ICONS[id];
        return (
          <NavLink key={id} component="button" label={sectionLabel(id)} active={id === active} aria-current={id === active ? 'page' : undefined}
            leftSection={<SectionIcon size={18} stroke={1.8} aria-hidden />} className={classes.navLink}
            data-section={id} onClick={() => choose(id)} />
        );
      })}
    </nav>
  );

  const Extra = isExtra(active) ? extraSections[active] : undefined;
  const searching = query.trim() !== '';
  let body;
  if (searching) body = <SearchResults query={query} sections={sections} api={api} hidden={hidden} />;
  else if (Extra) body = <Suspense fallback={null}><Extra tab={active === payload.section ? payload.tab : undefined} /></Suspense>;
  else if (active === 'keyboard') body = <KeyboardSection api={api} compact={viewport.isSmallMobile} />;
  else if (active === 'about') body = <AboutSection />;
  else body = <FieldsSection section={active} api={api} hidden={hidden} />;

  return (
    <div className={classes.root} role="dialog" aria-modal="true" aria-label={t('settings.SettingsOverlay.settings')} data-testid="settings-overlay"
      data-mobile={viewport.isMobile || undefined} data-small-mobile={viewport.isSmallMobile || undefined}
      data-tablet={viewport.isTablet || undefined} data-landscape={viewport.isLandscape || undefined} data-touch={viewport.isTouch || undefined}>
      {viewport.isMobile ? (
        <Drawer opened={drawerShown} onClose={() => setDrawerOpen(false)} size={DRAWER_WIDTH} zIndex={400} title={t('settings.SettingsOverlay.settings')}
          closeButtonProps={{ 'aria-label': t('settings.SettingsOverlay.closeMenu') }} data-testid="settings-drawer">
          {sidebar}
        </Drawer>
      ) : sidebar}
      <div className={classes.main}>
        {/* Below 768 px the search takes a row of its own under the title (CSS grid areas), so
            neither the title nor the placeholder is cut. */}
        <header className={classes.header}>
          {viewport.isMobile && (
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('settings.SettingsOverlay.openMenu')} onClick={() => setDrawerOpen(true)} className={classes.menuButton}>
              <IconMenu2 size={22} aria-hidden />
            </ActionIcon>
          )}
          <Title order={2} className={classes.title}>{searching ? t('settings.SettingsOverlay.searchResults') : sectionLabel(active)}</Title>
          <TextInput aria-label={t('settings.SettingsOverlay.searchSettings')} placeholder={t('settings.SettingsOverlay.searchSettings')} value={query} className={classes.search}
            leftSection={<IconSearch size={16} aria-hidden />} onChange={(event) => setQuery(event.currentTarget.value)} />
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('settings.SettingsOverlay.closeSettings')} onClick={() => { api.flush(); onClose(); }} className={classes.closeButton}>
            <IconX size={22} aria-hidden />
          </ActionIcon>
        </header>
        <main className={classes.content} data-active-section={active}>
          <div className={classes.contentInner}>
            {notice && (
              <Alert color="yellow" variant="light" mb="md" role="status" data-testid="settings-storage-notice"
                withCloseButton={Boolean(onCloseNotice)} closeButtonLabel={t('settings.SettingsOverlay.closeNote')} {...(onCloseNotice ? { onClose: onCloseNotice } : {})}>
                {notice}
              </Alert>
            )}
            {body}
          </div>
        </main>
        <SettingsActions api={api} section={active} compact={viewport.isMobile} />
      </div>
    </div>
  );
}
