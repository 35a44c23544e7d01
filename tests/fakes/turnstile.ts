// A local stand-in for Cloudflare's siteverify endpoint. It knows a set of valid tokens, checks
// the secret, answers duplicates with 'timeout-or-duplicate' as Cloudflare does, and records
// every call so tests can see the server really asked. Run standalone for a manual try-out:
//   npx tsx tests/fakes/turnstile.ts 8788   (valid tokens: any starting with "pass-")
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTurnstile {
  url: string;
  calls: Array<{ secret: string; response: string; remoteip: string }>;
  close(): Promise<void>;
}

export async function startFakeTurnstile(options: { secret: string; isValid?: (token: string) => boolean; port?: number }): Promise<FakeTurnstile> {
  const isValid = options.isValid ?? ((t: string) => t.startsWith('pass-'));
  const seen = new Set<string>();
  const calls: FakeTurnstile['calls'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const call = { secret: form.get('secret') ?? '', response: form.get('response') ?? '', remoteip: form.get('remoteip') ?? '' };
      calls.push(call);
      let answer: { success: boolean; 'error-codes': string[] };
      if (req.method !== 'POST' || req.url !== '/siteverify') answer = { success: false, 'error-codes': ['bad-request'] };
      else if (call.secret !== options.secret) answer = { success: false, 'error-codes': ['invalid-input-secret'] };
      else if (seen.has(call.response)) answer = { success: false, 'error-codes': ['timeout-or-duplicate'] };
      else if (!isValid(call.response)) answer = { success: false, 'error-codes': ['invalid-input-response'] };
      else { seen.add(call.response); answer = { success: true, 'error-codes': [] }; }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1]?.endsWith('turnstile.ts')) {
  const port = Number(process.argv[2] ?? 8788);
  void startFakeTurnstile({ secret: process.env.TURNSTILE_SECRET ?? 'x', port }).then((f) => console.log(`fake siteverify at ${f.url}`));
}
