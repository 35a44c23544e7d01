// A stand-in for the NFT marketplace's account API (GET /api/v2/accounts/{address}).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMarketplace { apiBase: string; requests: Array<{ path: string; apiKey: string | undefined }>; close(): Promise<void> }

export async function startFakeMarketplace(known: Record<string, { username: string; bio?: string }>, apiKey = 'market-key'): Promise<FakeMarketplace> {
  const requests: FakeMarketplace['requests'] = [];
  const server: Server = createServer((req, res) => {
    const key = req.headers['x-api-key'];
    requests.push({ path: req.url ?? '', apiKey: typeof key === 'string' ? key : undefined });
    const match = /^\/api\/v2\/accounts\/(0x[0-9a-fA-F]{40})$/.exec(req.url ?? '');
    const send = (status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    if (key !== apiKey) return send(401, { detail: 'invalid api key' });
    if (!match?.[1]) return send(404, { detail: 'not found' });
    const account = known[match[1].toLowerCase()];
    if (!account) return send(404, { detail: 'account not found' });
    send(200, {
      address: match[1].toLowerCase(), username: account.username, profile_image_url: `https://img.example/${account.username}.png`,
      banner_image_url: '', website: `https://${account.username}.example`, social_media_accounts: [{ platform: 'twitter', username: account.username }],
      bio: account.bio ?? '', joined_date: '2023-04-05',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { apiBase: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
