// What a player is told when an admin acts on them: noticeFor() builds the console's wording,
// with `message`, what the admin wrote for the player ('' for nothing), never `reason`, the
// internal note the audit log keeps;
// liveEventFor() the live event (server/services/live/liveEvents.ts), and publishAdminNotices() hands
// them on in the admin write's transaction, so a notice leaves only if the change commits.
import type { LiveEvent } from '../../../contract/liveEvents';
import type { Trx } from '../../db/tx';
import { publishLiveEvent } from '../live/liveEvents';

export type AdminNotice =
  | { kind: 'ban'; message: string }
  | { kind: 'reversal'; txId: string; reversalTxId: string; partial: boolean; message: string }
  | { kind: 'grant'; direction: 'grant' | 'remove'; asset: string; assetName: string; amount: string; message: string }
  | { kind: 'listingCancelled'; listingId: string; itemName: string; quantity: number; message: string };

const said = (message: string) => (message ? `: ${message}` : '');

export interface AdminEvent { type: `admin.${AdminNotice['kind']}`; message: string; data: AdminNotice }

export function noticeFor(notice: AdminNotice): AdminEvent {
  switch (notice.kind) {
    case 'ban': return { type: 'admin.ban', message: `This account is banned${said(notice.message)}`, data: notice };
    case 'reversal': return { type: 'admin.reversal', message: `An admin reversed one of your transactions${notice.partial ? ' (in part)' : ''}${said(notice.message)}`, data: notice };
    case 'grant': return {
      type: 'admin.grant',
      message: notice.direction === 'grant' ? `You received ${notice.amount} ${notice.assetName} from the studio${said(notice.message)}` : `The studio removed ${notice.amount} ${notice.assetName}${said(notice.message)}`,
      data: notice,
    };
    case 'listingCancelled': return { type: 'admin.listingCancelled', message: `Your listing of ${notice.quantity} × ${notice.itemName} was cancelled by the studio${said(notice.message)}`, data: notice };
  }
}

/** The live event each notice becomes (contract/liveEvents.ts): the player's open pages show it,
 * and a ban signs them out. */
export function liveEventFor(notice: AdminNotice): LiveEvent {
  switch (notice.kind) {
    case 'ban': return { type: 'banned', message: notice.message.slice(0, 200) };
    case 'reversal': return { type: 'adminReversal', partial: notice.partial, message: notice.message.slice(0, 200) };
    case 'grant': return { type: 'adminGrant', direction: notice.direction, amount: notice.amount.slice(0, 40), assetName: notice.assetName.slice(0, 200), message: notice.message.slice(0, 200) };
    case 'listingCancelled': return { type: 'listingCancelled', listingId: notice.listingId, itemName: notice.itemName.slice(0, 200), quantity: notice.quantity, message: notice.message.slice(0, 200) };
  }
}

/** Notices made during this process's life, newest last (what the tests read besides the stream). */
export const sentNotices: Array<{ userUuid: string; event: AdminEvent }> = [];

/** Hands the notices to the live event stream in the admin write's own transaction: they leave
 * only if the change commits. */
export async function publishAdminNotices(trx: Trx, notices: Array<{ userUuid: string; notice: AdminNotice }>): Promise<void> {
  for (const n of notices) {
    await publishLiveEvent(trx, n.userUuid, liveEventFor(n.notice));
    sentNotices.push({ userUuid: n.userUuid, event: noticeFor(n.notice) });
    if (sentNotices.length > 1000) sentNotices.shift();
  }
}
