// The host API's ads: gameplay stops, the page and the game are muted and the game hears
// adStarted from the moment the ad plays until it is over (or timed out), then everything resumes.
import { HOST_REASONS, type AdKind, type HostAnswer, type HostEvent, type HostName } from '../../contract/game';
import type { HostAdapter } from '../../hosts/types';

export interface ApiAdsDeps {
  adapter: HostAdapter;
  host: HostName;
  emit: (event: HostEvent) => void;
  onAdChange?: (running: boolean) => void;
  mutePage?: (muted: boolean) => void;
  /** The shell's state changed with the ad (presence follows). */
  changed: () => void;
}

export function createApiAds(deps: ApiAdsDeps) {
  const { adapter, emit } = deps;
  let ad: AdKind | null = null;
  const end = () => {
    if (ad === null) return;
    ad = null;
    deps.mutePage?.(false);
    deps.onAdChange?.(false);
    deps.changed();
  };
  const show = async (kind: AdKind): Promise<HostAnswer<'showAd'>> => {
    if (!adapter.showAd) return { status: 'unavailable', reason: HOST_REASONS.notOffered(deps.host, 'showAd') };
    if (ad !== null) return { status: 'unavailable', reason: 'an ad is already playing' };
    if (await adapter.adBlocked?.()) return { status: 'unavailable', reason: HOST_REASONS.adblock };
    let started = false;
    const answer = await adapter.showAd(kind, {
      started() {
        if (started) return;
        started = true;
        ad = kind;
        deps.onAdChange?.(true);
        deps.mutePage?.(true);
        emit({ type: 'adStarted', kind });
        deps.changed();
      },
    });
    if (started && ad === kind) {
      const rewarded = kind === 'rewarded' ? answer.status === 'done' && answer.value.rewarded === true : undefined;
      end();
      emit(rewarded === undefined ? { type: 'adFinished', kind } : { type: 'adFinished', kind, rewarded });
    }
    return answer;
  };
  return { show, end, running: () => ad !== null };
}
