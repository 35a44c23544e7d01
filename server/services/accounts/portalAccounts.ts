// CrazyGames portal sign-in: a portal user (its token already verified) signs in to the
// account linked to it; a signed-in player without one links it; anyone else gets a new account
// named after the portal's name.
import { AUTH_TEXT } from '../../../contract/auth';
import { attempt, isUniqueViolation, type Trx } from '../../db/tx';
import { conflict } from '../errors';
import { createUser, freeUsernameLike } from './users';
import { userByProviderId } from './providerIds';

export interface PortalUser { userId: string; username: string }

/** The account the portal user signs in to, and whether it was created now. */
/** `linked`: the portal account was linked to the signed-in player just now (a new sign-in method). */
export async function portalSignIn(trx: Trx, portalUser: PortalUser, signedInId: string | null): Promise<{ userId: string; created: boolean; linked?: true }> {
  const linked = await userByProviderId(trx, 'crazygames', portalUser.userId);
  if (linked) return { userId: linked, created: false };
  if (signedInId) {
    // Signed in already: link the portal account to this one.
    try {
      await attempt(trx, () => trx.updateTable('users').set({ crazygames_id: portalUser.userId }).where('id', '=', signedInId).where('crazygames_id', 'is', null).execute());
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const mine = await trx.selectFrom('users').select('crazygames_id').where('id', '=', signedInId).executeTakeFirstOrThrow();
    if (mine.crazygames_id !== portalUser.userId) throw conflict('This account is already linked to another CrazyGames account', 'PORTAL_ALREADY_LINKED');
    return { userId: signedInId, created: false, linked: true };
  }
  const username = await freeUsernameLike(trx, portalUser.username);
  try {
    return { userId: await attempt(trx, () => createUser(trx, { username, passwordHash: null, crazygamesId: portalUser.userId })), created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await userByProviderId(trx, 'crazygames', portalUser.userId);
    if (!raced) throw conflict(AUTH_TEXT.usernameTaken, 'USERNAME_TAKEN');
    return { userId: raced, created: false };
  }
}
