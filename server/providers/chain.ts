// Sending the bridge's token with viem: an ERC-1155 safeTransferFrom from the studio's wallet.
// Signing and broadcasting are separate steps so the outbox can store the signed transaction
// before it leaves, and only ever rebroadcast that same transaction.
import { createPublicClient, createWalletClient, encodeFunctionData, http, keccak256, parseAbi, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const ERC1155 = parseAbi(['function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)']);

export interface SignedTransfer { raw: Hex; hash: Hex; nonce: number }
export type BroadcastResult = 'accepted' | 'ambiguous' | 'rejected';

export class ChainUnavailable extends Error {}
export class ChainRejected extends Error {}

export interface ChainSender {
  /** Signs a transfer with the next nonce, never below `minNonce` (transactions signed but not yet sent). */
  sign(destination: string, minNonce: number): Promise<SignedTransfer>;
  broadcast(raw: Hex): Promise<BroadcastResult>;
  receipt(hash: Hex): Promise<'success' | 'reverted' | null>;
  confirmedNonce(): Promise<number>;
}

export class ViemChainSender implements ChainSender {
  private readonly account;
  private readonly publicClient: PublicClient;
  private readonly walletClient;
  constructor(rpcUrl: string, private readonly chainId: number, private readonly contract: Hex, private readonly tokenId: bigint, privateKey: Hex) {
    this.account = privateKeyToAccount(privateKey);
    const chain = { id: chainId, name: `chain-${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } };
    const transport = http(rpcUrl, { retryCount: 0, timeout: 10_000 });
    this.publicClient = createPublicClient({ chain, transport });
    this.walletClient = createWalletClient({ account: this.account, chain, transport });
  }

  async sign(destination: string, minNonce: number): Promise<SignedTransfer> {
    const data = encodeFunctionData({ abi: ERC1155, functionName: 'safeTransferFrom', args: [this.account.address, destination as Hex, this.tokenId, 1n, '0x'] });
    let request;
    try {
      const nonce = Math.max(minNonce, await this.publicClient.getTransactionCount({ address: this.account.address, blockTag: 'pending' }));
      request = await this.walletClient.prepareTransactionRequest({ to: this.contract, data, nonce, chain: this.walletClient.chain, account: this.account });
    } catch (error) {
      // A revert while estimating gas is the chain saying no; anything else is "could not ask".
      const text = String((error as Error).message);
      if (/revert|execution reverted|insufficient funds/i.test(text)) throw new ChainRejected(text.slice(0, 300), { cause: error });
      throw new ChainUnavailable(text.slice(0, 300), { cause: error });
    }
    const raw = await this.walletClient.signTransaction(request);
    return { raw, hash: keccak256(raw), nonce: Number(request.nonce) };
  }

  async broadcast(raw: Hex): Promise<BroadcastResult> {
    try {
      await this.publicClient.sendRawTransaction({ serializedTransaction: raw });
      return 'accepted';
    } catch (error) {
      const text = String((error as Error).message);
      if (/already known|known transaction|already imported/i.test(text)) return 'accepted';
      if (/HTTP request failed|fetch failed|ECONNREFUSED|timed out|took too long/i.test(text)) return 'ambiguous';
      return 'rejected';
    }
  }

  async receipt(hash: Hex): Promise<'success' | 'reverted' | null> {
    try {
      const r = await this.publicClient.getTransactionReceipt({ hash });
      return r.status;
    } catch {
      return null;
    }
  }

  async confirmedNonce(): Promise<number> {
    return this.publicClient.getTransactionCount({ address: this.account.address, blockTag: 'latest' });
  }
}
