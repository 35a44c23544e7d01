// The bot check (providers/botCheck.ts) as app.botCheck: Cloudflare Turnstile when
// TURNSTILE_SECRET is set, else the self-hosted ALTCHA, also app.altcha (null with Turnstile).
// ALTCHA signs with secrets every process shares through the database: the start-up step makes
// them (server/start.ts) and they are read here when the app gets ready, so building the app
// touches no table. No request is answered before the app is ready.
import fp from 'fastify-plugin';
import { AltchaProvider, TurnstileProvider, type BotCheckProvider } from '../providers/botCheck';
import { ALTCHA_SECRETS, readServerSecret } from '../services/system/secrets';

export default fp(async (app) => {
  const { config, db } = app;
  if (config.TURNSTILE_SECRET) {
    app.decorate('altcha', null);
    app.decorate<BotCheckProvider>('botCheck', new TurnstileProvider(config.TURNSTILE_SECRET, config.TURNSTILE_SITE_KEY, config.TURNSTILE_VERIFY_URL));
    return;
  }
  let altcha: AltchaProvider | null = null;
  const provider = (): AltchaProvider => {
    if (!altcha) throw new Error('The bot check is used before the app is ready');
    return altcha;
  };
  app.decorate('altcha', { getter: provider });
  app.decorate('botCheck', { getter: provider });
  app.addHook('onReady', async () => {
    const [secret, keySecret] = await Promise.all([readServerSecret(db, ALTCHA_SECRETS[0]), readServerSecret(db, ALTCHA_SECRETS[1])]);
    altcha = new AltchaProvider(secret, keySecret, config.ALTCHA_COST, config.ALTCHA_MAX_COUNTER);
  });
}, { name: 'bot-check', dependencies: ['config', 'database'] });
