// The settings overlay (spec part 1 §2.4–2.8, §4.2): full screen, a 260 px sidebar (a slide-in
// drawer below 768 px) and one active section. Account, Airdrops and Clans belong to other
// features; src/app hands their components in through `extraSections` (features do not import
// each other), and a section without a component is not listed.
import { ActionIcon, Drawer, NavLink, Stack, Text, TextInput, Title } from '@mantine/core';
import { Suspense, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { FIELD_NAMES, SECTION_LABELS, SETTINGS_FIELDS, isHiddenSetting, isSectionId, type SectionId } from '../../../contract/settings';
import { AboutSection } from './AboutSection';
import { currentSettingsConfig, type SettingsConfig } from './config';
import { FieldControl } from './FieldControl';
import { KeyboardSection } from './KeyboardSection';
import { SettingsActions } from './SettingsActions';
import { useSettings, type SettingsApi } from './useSettings';
import { useViewport } from './useViewport';
import classes from './SettingsOverlay.module.css';

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
  config?: SettingsConfig;
}

const isExtra = (id: SectionId): id is ExtraSectionId => id === 'accounts' || id === 'airdrops' || id === 'clans';

function FieldsSection({ section, api, hidden }: { section: SectionId; api: SettingsApi; hidden: ReadonlySet<string> }) {
  const names = FIELD_NAMES.filter((n) => SETTINGS_FIELDS[n].section === section && n !== 'sprintMode' && !isHiddenSetting(n, hidden));
  if (names.length === 0 && section !== 'regions') return <Text c="dimmed">No settings available here.</Text>;
  return (
    <Stack gap="xs">
      {section === 'regions' && <Text size="sm" c="dimmed" data-testid="latency-description">{LATENCY_DESCRIPTION}</Text>}
      {names.map((n) => <FieldControl key={n} name={n} api={api} />)}
    </Stack>
  );
}

/** Beyond the spec: every visible setting, across the listed sections, whose label matches. */
function SearchResults({ query, sections, api, hidden }: { query: string; sections: readonly SectionId[]; api: SettingsApi; hidden: ReadonlySet<string> }) {
  const needle = query.trim().toLowerCase();
  const names = FIELD_NAMES.filter((n) => sections.includes(SETTINGS_FIELDS[n].section) && !isHiddenSetting(n, hidden)
    && SETTINGS_FIELDS[n].label.toLowerCase().includes(needle));
  if (names.length === 0) return <Text c="dimmed">No settings match “{query.trim()}”.</Text>;
  return <Stack gap="xs" data-testid="settings-search-results">{names.map((n) => <FieldControl key={n} name={n} api={api} />)}</Stack>;
}

export default function SettingsOverlay({ payload, onClose, extraSections = {}, username, config: given }: SettingsOverlayProps) {
  const config = useMemo(() => given ?? currentSettingsConfig(), [given]);
  const api = useSettings(config);
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

  const choose = (id: SectionId) => { setActive(id); setDrawerOpen(false); setQuery(''); };

  const sidebar = (
    <nav aria-label="Settings sections" className={viewport.isMobile ? `${classes.sidebar} ${classes.drawerSidebar}` : classes.sidebar}>
      {username && <div className={classes.username} data-testid="settings-username">{username}</div>}
      {sections.map((id) => (
        <NavLink key={id} component="button" label={SECTION_LABELS[id]} active={id === active} aria-current={id === active ? 'page' : undefined}
          data-section={id} onClick={() => choose(id)} />
      ))}
    </nav>
  );

  const Extra = isExtra(active) ? extraSections[active] : undefined;
  let body;
  if (query.trim()) body = <SearchResults query={query} sections={sections} api={api} hidden={hidden} />;
  else if (Extra) body = <Suspense fallback={null}><Extra tab={active === payload.section ? payload.tab : undefined} /></Suspense>;
  else if (active === 'keyboard') body = <KeyboardSection api={api} compact={viewport.isSmallMobile} />;
  else if (active === 'about') body = <AboutSection />;
  else body = <FieldsSection section={active} api={api} hidden={hidden} />;

  return (
    <div className={classes.root} role="dialog" aria-modal="true" aria-label="Settings" data-testid="settings-overlay"
      data-mobile={viewport.isMobile || undefined} data-small-mobile={viewport.isSmallMobile || undefined}
      data-tablet={viewport.isTablet || undefined} data-landscape={viewport.isLandscape || undefined} data-touch={viewport.isTouch || undefined}>
      {viewport.isMobile ? (
        <Drawer opened={drawerOpen} onClose={() => setDrawerOpen(false)} size={DRAWER_WIDTH} zIndex={400} title="Settings"
          closeButtonProps={{ 'aria-label': 'Close menu' }} data-testid="settings-drawer">
          {sidebar}
        </Drawer>
      ) : sidebar}
      <div className={classes.main}>
        <header className={classes.header}>
          {viewport.isMobile && (
            <ActionIcon variant="subtle" size="lg" aria-label="Open menu" onClick={() => setDrawerOpen(true)}>
              <span aria-hidden>☰</span>
            </ActionIcon>
          )}
          <Title order={2} size="h3" style={{ flex: 1 }}>{SECTION_LABELS[active]}</Title>
          <TextInput aria-label="Search settings" placeholder="Search settings" value={query} w={viewport.isSmallMobile ? 120 : 220}
            onChange={(event) => setQuery(event.currentTarget.value)} />
          <ActionIcon variant="subtle" size="lg" aria-label="Close settings" onClick={() => { api.flush(); onClose(); }}>
            <span aria-hidden>✕</span>
          </ActionIcon>
        </header>
        <main className={classes.content} data-active-section={active}>{body}</main>
        <SettingsActions api={api} section={active} compact={viewport.isSmallMobile} />
      </div>
    </div>
  );
}
