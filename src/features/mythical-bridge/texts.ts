import { localized } from '../../i18n/localized';
import { formatDate } from '../../i18n/format';
// The modal's own texts and small formatting helpers. The spec's texts (errors, 'Transaction
// Complete!') come from contract/bridge.ts; the button labels are written where they are used.

export const BRIDGE_UI = localized('bridge.ui', {
  title: 'Mythical Bridge',
  intro: 'Burn 1 Mythical Ticket to receive 1 64 BIT ANCIENT NFT in your own Ethereum wallet. Enter the wallet address it should go to.',
  addressLabel: 'Wallet address',
  addressHint: '0x followed by 40 hexadecimal characters',
  linkedWallets: 'Your linked wallets',
  walletsFailed: 'Your linked wallets could not be loaded. You can still enter an address.',
  noWalletTitle: 'No wallet linked yet',
  noWalletText: 'Link a wallet in Settings → Account → Wallets to pick it here, or enter the address of any Ethereum wallet you own.',
  noWalletTextNoLink: 'Enter the address of an Ethereum wallet you own.',
  linkWallet: 'Link a wallet',
  loggedOut: 'Log in to use the Mythical Bridge.',
  // Said on the first step, from the inventory, not only when finalizing fails.
  ticketNeeded: 'You need a Mythical Ticket to use the bridge.',
  hasTickets: (count: number) => `You have ${count} Mythical Ticket${count === 1 ? '' : 's'}.`,
  noTicket: 'You have no Mythical Ticket, so the bridge will refuse to finalize. Get one in the game first.',
  finalText: 'Finalizing burns 1 Mythical Ticket from your account and transfers 1 64 Bit Ancient item to your wallet. This cannot be undone.',
  explorerLink: 'View the transaction on the block explorer',
  transactionHash: 'Transaction hash',
} as const, { 'bridge.ui.hasTickets': ([count]) => ({ 0: count }) });

const STATUS_LINES = localized('bridge.status', {
  confirmed: 'The transfer is confirmed on chain.',
  sent: 'The transfer was sent to the chain and confirms in a few moments.',
  signed: 'The transfer is signed and will be broadcast shortly; the server finishes it even if you close this window.',
  failed: 'The transfer was rejected by the chain. Your Mythical Ticket was returned.',
} as const);

export function statusLine(status: keyof typeof STATUS_LINES): string {
  return STATUS_LINES[status];
}

/** 0x1234…abcd */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** Only http(s) links from a third party become links. */
export function safeWebsite(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** '2023-04-05' → 'April 5, 2023'; anything unparseable is shown as it came. */
export function formatMemberSince(date: string): string {
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return date;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(date);
  return formatDate(parsed, { year: 'numeric', month: 'long', day: 'numeric', ...(dateOnly ? { timeZone: 'UTC' } : {}) });
}
