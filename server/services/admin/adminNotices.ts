// What a player is told when an admin acts on them: noticeFor() builds the console's wording,
// liveEventFor() the live event (server/services/live/liveEvents.ts), and publishAdminNotices() hands
// them on in the admin write's transaction, so a notice leaves only if the change commits.
import type { LiveEvent } from '../../../contract/liveEvents';
import type { Trx } from '../../db/tx';
import { publishLiveEvent } from '../live/liveEvents';

export type AdminNotice =
  | { kind: 'ban'; reason: string }
  | { kind: 'reversal'; txId: string; reversalTxId: string; partial: boolean; reason: string }
  | { kind: 'grant'; direction: 'grant' | 'remove'; asset: string; assetName: string; amount: string; reason: string }
  | { kind: 'listingCancelled'; listingId: string; itemName: string; quantity: number; reason: string };

export interface AdminEvent { type: `admin.${AdminNotice['kind']}`; message: string; data: AdminNotice }

export function noticeFor(notice: AdminNotice): AdminEvent {
  switch (notice.kind) {
    case 'ban': return { type: 'admin.ban', message: `This account is banned: ${notice.reason}`, data: notice };
    case 'reversal': return { type: 'admin.reversal', message: `An admin reversed one of your transactions${notice.partial ? ' (in part)' : ''}: ${notice.reason}`, data: notice };
    case 'grant': return {
      type: 'admin.grant',
      message: notice.direction === 'grant' ? `You received ${notice.amount} ${notice.assetName} from the studio: ${notice.reason}` : `The studio removed ${notice.amount} ${notice.assetName}: ${notice.reason}`,
      data: notice,
    };
    case 'listingCancelled': return { type: 'admin.listingCancelled', message: `Your listing of ${notice.quantity} × ${notice.itemName} was cancelled by the studio: ${notice.reason}`, data: notice };
  }
}

/** The live event each notice becomes (contract/liveEvents.ts): the player's open pages show it,
 * and a ban signs them out. */
export function liveEventFor(notice: AdminNotice): LiveEvent {
  switch (notice.kind) {
    case 'ban': return { type: 'banned', reason: notice.reason.slice(0, 200) };
    case 'reversal': return { type: 'adminReversal', partial: notice.partial, reason: notice.reason.slice(0, 200) };
    case 'grant': return { type: 'adminGrant', direction: notice.direction, amount: notice.amount.slice(0, 40), assetName: notice.assetName.slice(0, 200), reason: notice.reason.slice(0, 200) };
    case 'listingCancelled': return { type: 'listingCancelled', listingId: notice.listingId, itemName: notice.itemName.slice(0, 200), quantity: notice.quantity, reason: notice.reason.slice(0, 200) };
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
