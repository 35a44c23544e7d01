// A real local EVM (ganache, from the npm registry) with the test token contract compiled by
// solc-js and deployed: what the bridge tests send real transactions to.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import ganache from 'ganache';
import solc from 'solc';
import { createPublicClient, createWalletClient, http, parseAbi, type Abi, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export const CHAIN_ID = 31337;
export const TOKEN_ID = 1n;
const balanceAbi = parseAbi(['function balanceOf(address account, uint256 id) view returns (uint256)']);

interface Compiled { abi: Abi; bytecode: Hex }
let compiled: Compiled | undefined;
function compile(): Compiled {
  if (compiled) return compiled;
  const source = readFileSync(fileURLToPath(new URL('./Relic.sol', import.meta.url)), 'utf8');
  const output = JSON.parse(solc.compile(JSON.stringify({
    language: 'Solidity', sources: { 'Relic.sol': { content: source } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }))) as { errors?: Array<{ severity: string; formattedMessage: string }>; contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>> };
  const errors = output.errors?.filter((e) => e.severity === 'error') ?? [];
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const relic = output.contracts['Relic.sol']?.Relic;
  if (!relic) throw new Error('Relic did not compile');
  compiled = { abi: relic.abi, bytecode: `0x${relic.evm.bytecode.object}` };
  return compiled;
}

export interface LocalChain {
  rpcUrl: string;
  contract: Hex;
  senderKey: Hex;
  balanceOf(address: string): Promise<bigint>;
  stop(): Promise<void>;
}

export async function startLocalChain(options: { supply?: bigint; senderKey?: Hex } = {}): Promise<LocalChain> {
  const senderKey = options.senderKey ?? (`0x${'5a'.repeat(32)}` as Hex);
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: CHAIN_ID },
    wallet: { accounts: [{ secretKey: senderKey, balance: `0x${(10n ** 21n).toString(16)}` }] },
    miner: { instamine: 'eager' },
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain = { id: CHAIN_ID, name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } };
  const account = privateKeyToAccount(senderKey);
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const reader = createPublicClient({ chain, transport: http(rpcUrl) });
  const { abi, bytecode } = compile();
  const hash = await wallet.deployContract({ abi, bytecode, args: [TOKEN_ID, options.supply ?? 100n] });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (!receipt.contractAddress) throw new Error('deployment failed');
  const contract = receipt.contractAddress;
  return {
    rpcUrl, contract, senderKey,
    balanceOf: (address) => reader.readContract({ address: contract, abi: balanceAbi, functionName: 'balanceOf', args: [address as Hex, TOKEN_ID] }),
    stop: () => server.close(),
  };
}
