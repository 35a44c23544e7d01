// What a player is told when an admin acts on them. The live event stream (issue 25 item 4:
// server/services/liveEvents.ts publishLiveEvent(trx, userUuid, event), from the `live` branch)
// is not on this branch: noticeFor() builds the events, and publishAdminNotices() is the one
// place that hands them on. INTEGRATION: the merger replaces its body with
//   for (const n of notices) await publishLiveEvent(trx, n.userUuid, n.event);
// (same transaction, so a notice leaves only if the change commits).
import type { Trx } from '../db/tx';

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

/** Notices made during this process's life, newest last (what the tests read until the stream exists). */
export const sentNotices: Array<{ userUuid: string; event: AdminEvent }> = [];

export async function publishAdminNotices(_trx: Trx, notices: Array<{ userUuid: string; notice: AdminNotice }>): Promise<void> {
  for (const n of notices) {
    sentNotices.push({ userUuid: n.userUuid, event: noticeFor(n.notice) });
    if (sentNotices.length > 1000) sentNotices.shift();
  }
}
