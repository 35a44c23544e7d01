// A real local EVM (ganache, from the npm registry) with the test token contract compiled by
// solc-js and deployed: what the bridge tests (API and end-to-end) send real transactions to.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import ganache from 'ganache';
import { createPublicClient, createWalletClient, http, parseAbi, type Abi, type Hex, type TransactionReceipt } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';

export const CHAIN_ID = 31337;
export const TOKEN_ID = 1n;
export const balanceAbi = parseAbi(['function balanceOf(address account, uint256 id) view returns (uint256)']);

const Compiled = z.object({ abi: z.array(z.record(z.string(), z.unknown())), bytecode: z.string().regex(/^0x[0-9a-f]+$/) });
interface Compiled { abi: Abi; bytecode: Hex }
let compiled: Compiled | undefined;

/**
 * Relic.sol's ABI and bytecode. Loading solc-js and compiling takes a second or two, which the
 * e2e server would pay at every start: the result is kept in the temp directory, keyed by the
 * source and the compiler version, and compiled again only when either changes.
 */
async function compile(): Promise<Compiled> {
  if (compiled) return compiled;
  const source = readFileSync(fileURLToPath(new URL('./Relic.sol', import.meta.url)), 'utf8');
  const solcVersion = z.object({ version: z.string() }).parse(JSON.parse(readFileSync(createRequire(import.meta.url).resolve('solc/package.json'), 'utf8'))).version;
  const cacheFile = join(tmpdir(), `tripshell-relic-${createHash('sha256').update(`${solcVersion}\n${source}`).digest('hex').slice(0, 16)}.json`);
  try {
    const cached = Compiled.parse(JSON.parse(readFileSync(cacheFile, 'utf8')));
    compiled = { abi: cached.abi as unknown as Abi, bytecode: cached.bytecode as Hex };
    return compiled;
  } catch { /* not cached yet (or unreadable): compile */ }
  const solc = (await import('solc')).default;
  const output = JSON.parse(solc.compile(JSON.stringify({
    language: 'Solidity', sources: { 'Relic.sol': { content: source } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }))) as { errors?: Array<{ severity: string; formattedMessage: string }>; contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>> };
  const errors = output.errors?.filter((e) => e.severity === 'error') ?? [];
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const relic = output.contracts['Relic.sol']?.Relic;
  if (!relic) throw new Error('Relic did not compile');
  compiled = { abi: relic.abi, bytecode: `0x${relic.evm.bytecode.object}` };
  // Written under another name and renamed: concurrent runs never read half a file.
  const partial = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(compiled));
  renameSync(partial, cacheFile);
  return compiled;
}

export interface LocalChain {
  rpcUrl: string;
  contract: Hex;
  senderKey: Hex;
  balanceOf(address: string): Promise<bigint>;
  /** The receipt of a mined transaction; null when the chain does not know the hash. */
  receipt(hash: Hex): Promise<TransactionReceipt | null>;
  stop(): Promise<void>;
}

/**
 * Starts ganache (on `port`, or any free port) with one funded account, the sender, and deploys
 * Relic from it as its first transaction: the contract address is therefore
 * getContractAddress({ from: sender, nonce: 0n }), known before the chain starts.
 */
export async function startLocalChain(options: { supply?: bigint; senderKey?: Hex; port?: number } = {}): Promise<LocalChain> {
  const senderKey = options.senderKey ?? (`0x${'5a'.repeat(32)}` as Hex);
  const artifact = compile();
  artifact.catch(() => undefined); // awaited below; not unhandled if ganache fails first
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: CHAIN_ID },
    wallet: { accounts: [{ secretKey: senderKey, balance: `0x${(10n ** 21n).toString(16)}` }] },
    miner: { instamine: 'eager' },
  });
  await server.listen(options.port ?? 0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain = { id: CHAIN_ID, name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } };
  const account = privateKeyToAccount(senderKey);
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const reader = createPublicClient({ chain, transport: http(rpcUrl) });
  const { abi, bytecode } = await artifact;
  const hash = await wallet.deployContract({ abi, bytecode, args: [TOKEN_ID, options.supply ?? 100n] });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (!receipt.contractAddress) throw new Error('deployment failed');
  const contract = receipt.contractAddress;
  return {
    rpcUrl, contract, senderKey,
    balanceOf: (address) => reader.readContract({ address: contract, abi: balanceAbi, functionName: 'balanceOf', args: [address as Hex, TOKEN_ID] }),
    receipt: async (txHash) => {
      try {
        return await reader.getTransactionReceipt({ hash: txHash });
      } catch (error) {
        if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError') return null;
        throw error;
      }
    },
    stop: () => server.close(),
  };
}
