// A stand-in for the CrazyGames portal's key server: serves {publicKey} (SPKI PEM) and signs
// user tokens with the matching private key, as the portal's SDK hands them to the game.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export interface FakePortal {
  keyUrl: string;
  sign(claims: { userId: string; username: string; gameId?: string }, options?: { expiresIn?: string; key?: CryptoKey }): Promise<string>;
  /** Replaces the published key (rotation); old tokens stop verifying. */
  rotate(): Promise<void>;
  otherKey: CryptoKey;
  close(): Promise<void>;
}

export async function startFakePortal(options: { port?: number } = {}): Promise<FakePortal> {
  let pair = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  let pem = await exportSPKI(pair.publicKey);
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ publicKey: pem }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    keyUrl: `http://127.0.0.1:${port}/publicKey.json`,
    otherKey: other.privateKey,
    async sign(claims, options = {}) {
      return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'RS256' }).setIssuedAt().setExpirationTime(options.expiresIn ?? '1h')
        .sign(options.key ?? pair.privateKey);
    },
    async rotate() {
      pair = await generateKeyPair('RS256', { extractable: true });
      pem = await exportSPKI(pair.publicKey);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
