// The Discord Activity: detected only with the Activity's three query parameters (frame_id,
// instance_id, platform desktop or mobile) on a Discord host, as the SDK itself requires.
// Start-up does not wait for it (its adapter bounds the SDK's ready() itself).
import { hostMatches } from '../../contract/origins';
import { NOTHING_HIDDEN, defineHost } from '../types';

export const discord = defineHost({
  kind: 'discord',
  detect(page, domains) {
    const params = page.url.searchParams;
    const platform = params.get('platform');
    return Boolean(params.get('frame_id')) && Boolean(params.get('instance_id'))
      && (platform === 'desktop' || platform === 'mobile')
      && domains.some((d) => hostMatches(page.url.hostname, d));
  },
  hidden: NOTHING_HIDDEN,
  startWaitMs: 0,
  signInAtStart: true,
  load: async () => (await import('./adapter')).createDiscordAdapter(),
});
