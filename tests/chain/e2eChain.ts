// What the e2e server (tests/e2e/server.ts) and the bridge spec agree on about the local chain:
// where it listens and where the token contract is. Everything derives from the e2e server's
// own port, so people running the e2e at the same time on their own E2E_PORT never collide.
import { getContractAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** The studio's sender in the e2e: a fixed test key, funded at genesis by ganache. */
export const E2E_SENDER_KEY: Hex = `0x${'e2'.repeat(32)}`;
export const E2E_SENDER = privateKeyToAccount(E2E_SENDER_KEY).address;

/** The token contract is the sender's first transaction on a fresh chain. */
export const E2E_CONTRACT = getContractAddress({ from: E2E_SENDER, nonce: 0n });

/** ganache's RPC port for the e2e server on `appPort`. */
export const e2eChainPort = (appPort: number): number => appPort + 1000;
export const e2eRpcUrl = (appPort: number): string => `http://127.0.0.1:${e2eChainPort(appPort)}`;
