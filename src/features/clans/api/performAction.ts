// The machine's `perform`: one clan change, through that change's operation file. Rejects with
// `{ text }` (the server's, if any; the machine adds the spec's default). After a success the
// machine runs `refreshLists` (keys.ts refreshClanLists).
import type { ActionResult, ClanAction } from '../../../../machines/clan-membership';
import { serverErrorText } from '../../../api/errors';
import { localAnswerText } from '../../../i18n/serverTexts';
import { acceptInvite } from './acceptInvite';
import { acceptRequest } from './acceptRequest';
import { cancelInvite } from './cancelInvite';
import { createClan } from './createClan';
import { declineInvite } from './declineInvite';
import { declineRequest } from './declineRequest';
import { disbandClan } from './disbandClan';
import { invitePlayer } from './invitePlayer';
import { leaveClan } from './leaveClan';
import { removeMember } from './removeMember';
import { requestToJoin } from './requestToJoin';
import { transferOwnership } from './transferOwnership';
import { updateColor } from './updateColor';

function run(action: ClanAction, clanId: string): Promise<ActionResult> {
  switch (action.kind) {
    case 'create': return createClan(action);
    case 'acceptInvite': return acceptInvite(action.inviteId);
    case 'declineInvite': return declineInvite(action.inviteId);
    case 'request': return requestToJoin(action.clanId);
    case 'leave': return leaveClan(clanId);
    case 'invite': return invitePlayer(clanId, action.username);
    case 'cancelInvite': return cancelInvite(clanId, action.inviteId);
    case 'removeMember': return removeMember(clanId, action.uuid);
    case 'acceptRequest': return acceptRequest(action.requestId);
    case 'declineRequest': return declineRequest(action.requestId);
    case 'transfer': return transferOwnership(clanId, action.newAdminUuid);
    case 'color': return updateColor(clanId, action.clanColor);
    case 'disband': return disbandClan(clanId);
  }
}

export async function performAction(action: ClanAction, clanId: string | null): Promise<ActionResult> {
  try {
    // The server's answer worded from its code (CLAN_DONE_INVITE_SENT {username}), never its English.
    return { message: localAnswerText(await run(action, clanId ?? '')) };
  } catch (error) {
    throw { text: serverErrorText(error) };
  }
}
