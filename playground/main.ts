// `npm run hosts`: the product on PORT (default 8080, built first if needed, as `npm start`
// does) and the host playground on PLAYGROUND_PORT (default PORT + 1), wired to each other: the
// product trusts the playground's fake Discord and portal for sign-ins and lets it frame it.
// The fake Discord API and the portal's key server take any free port unless
// PLAYGROUND_DISCORD_API_PORT / PLAYGROUND_PORTAL_KEY_PORT pin them. A port that is not a whole
// number from 0 to 65535 stops here, naming the variable.
// UNITY_BUILD_DIR and every other setting pass through to the product.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startPlayground } from './server';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
const activity = JSON.parse(readFileSync('activity.config.json', 'utf8')) as { discord: { clientId: string } };
function portFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d{1,5}$/.test(raw) || value > 65535) {
    console.error(`${name} must be a port number (0 to 65535), not ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  return value;
}
const port = portFrom('PORT', 8080);
const playgroundPort = portFrom('PLAYGROUND_PORT', port + 1);
const product = `http://localhost:${port}`;

const playground = await startPlayground({
  port: playgroundPort, product, clientId: activity.discord.clientId,
  discordApiPort: portFrom('PLAYGROUND_DISCORD_API_PORT', 0), portalKeyPort: portFrom('PLAYGROUND_PORTAL_KEY_PORT', 0),
});
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...playground.env },
});
console.log(`
Host playground at ${playground.origin}/ framing the product at ${product}/
  Discord Activity:  ${playground.url('discord', { mode: 'normal' })}   (mode=silent | refuse, platform=mobile, locale=fr)
  CrazyGames portal: ${playground.url('crazygames', { user: 'signed-in' })}   (user=anonymous, adblock=ads | 1, ads=unfilled, locale=de-DE)
  Partner page:      ${playground.url('web')}
`);
const stop = () => { server.kill('SIGTERM'); void playground.close().then(() => process.exit(0)); };
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
server.on('exit', (code) => { void playground.close().then(() => process.exit(code ?? 0)); });
