// The standalone site (framed by a partner page or not): every page no other host claims. It
// hides nothing and start-up does not wait for it.
import { NOTHING_HIDDEN, defineHost } from '../types';

export const web = defineHost({
  kind: 'web',
  detect: () => true,
  hidden: NOTHING_HIDDEN,
  startWaitMs: 0,
  signInAtStart: false,
  load: async () => (await import('./adapter')).createWebAdapter(),
});
