// A block explorer for the local chain, just enough for the bridge's explorer link to lead
// somewhere true: GET /tx/<hash> shows the transaction's receipt as ganache reports it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hex } from 'viem';
import type { LocalChain } from './localChain';

export interface LocalExplorer { txUrlBase: string; close(): Promise<void> }

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startLocalExplorer(chain: LocalChain): Promise<LocalExplorer> {
  const server = createServer((req, res) => {
    const page = (status: number, title: string, rows: Array<[string, string]>) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      const body = rows.map(([k, v]) => `<tr><th scope="row">${escape(k)}</th><td>${escape(v)}</td></tr>`).join('');
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1><table>${body}</table></main></body></html>`);
    };
    const match = /^\/tx\/(0x[0-9a-f]{64})$/.exec(req.url ?? '');
    if (!match?.[1]) return page(404, 'Not found', []);
    const hash = match[1] as Hex;
    chain.receipt(hash).then((receipt) => {
      if (!receipt) return page(404, 'Transaction not found', [['Hash', hash]]);
      page(200, 'Transaction', [
        ['Hash', receipt.transactionHash], ['Status', receipt.status], ['Block', String(receipt.blockNumber)],
        ['From', receipt.from], ['To', receipt.to ?? ''], ['Logs', String(receipt.logs.length)],
      ]);
    }, (error: unknown) => page(502, 'The chain could not be read', [['Error', String(error)]]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { txUrlBase: `http://127.0.0.1:${port}/tx/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
