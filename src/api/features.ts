// What is on for this page's host (GET /api/features: the host's rules and the studio's live
// switches, contract/features.ts), for every part of the shell that shows a feature: a button or
// menu entry of a feature that is off is not shown, an overlay asked for one says it is
// unavailable (with the studio's message), and the game hears it in the host API's
// capabilities and `features` event. Read at start, every READ_EVERY_MS while the page is seen,
// when the page is seen again, after a sign-in or sign-out (the session's host counts) and at
// once when the server refuses something as FEATURE_OFF. Until the first answer every feature
// counts as on: the server refuses what is off whatever the shell shows.
import { useSyncExternalStore } from 'react';
import { FEATURE_OFF, FEATURES, getFeatures, type Feature, type FeatureMap, type FeatureState } from '../../contract/features';
import { call, onRefusal } from './client';

/** How often the policy is read again while the page is visible (a switch reaches every process
 * within seconds; the shell follows within this). */
export const READ_EVERY_MS = 30_000;

const ON: FeatureState = { on: true, message: null };
let policy: FeatureMap | null = null;
const listeners = new Set<() => void>();
let reading: Promise<void> | null = null;

function changed(next: FeatureMap): void {
  if (policy && FEATURES.every((f) => policy?.[f].on === next[f].on && policy[f].message === next[f].message)) return;
  policy = next;
  for (const listener of listeners) listener();
}

/** The policy as last read, or null before the first answer. */
export function currentFeatures(): FeatureMap | null {
  return policy;
}

/** One feature: on until the server has said otherwise. */
export function featureState(feature: Feature): FeatureState {
  return policy?.[feature] ?? ON;
}

/** Every feature as on/off (the game's view). */
export function featureFlags(): Record<Feature, boolean> {
  return Object.fromEntries(FEATURES.map((f) => [f, featureState(f).on])) as Record<Feature, boolean>;
}

export function subscribeFeatures(listener: () => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/** Takes a policy as the server's (a test, or an answer read elsewhere). */
export function takeFeatures(next: FeatureMap | null): void {
  if (next === null) { policy = null; for (const listener of listeners) listener(); return; }
  changed(next);
}

/** Reads the policy now (one read at a time; a failed read keeps the last one). */
export function refreshFeatures(): Promise<void> {
  reading ??= call(getFeatures).then((answer) => { changed(answer.features); }, () => undefined).finally(() => { reading = null; });
  return reading;
}

/** Reads at once, every READ_EVERY_MS while the page is visible, when it is seen again, and
 * whenever the server refuses something as FEATURE_OFF. Returns the stop. */
export function followFeatures(win: Window = window, everyMs = READ_EVERY_MS): () => void {
  void refreshFeatures();
  const timer = win.setInterval(() => { if (win.document.visibilityState !== 'hidden') void refreshFeatures(); }, everyMs);
  const onVisible = () => { if (win.document.visibilityState === 'visible') void refreshFeatures(); };
  win.document.addEventListener('visibilitychange', onVisible);
  const stopRefusals = onRefusal((error) => { if (error.code === FEATURE_OFF) void refreshFeatures(); });
  return () => { win.clearInterval(timer); win.document.removeEventListener('visibilitychange', onVisible); stopRefusals(); };
}

/** One feature, for a component: re-renders when the policy changes (null: no feature, on). */
export function useFeature(feature: Feature | null): FeatureState {
  return useSyncExternalStore(subscribeFeatures, () => (feature ? featureState(feature) : ON), () => ON);
}
