// A player's rights over their data (contract/rights.ts): the download of everything we hold
// about them and the deletion of their account; the console's list of deletions and its own
// deletion of a player. The rules are services/accounts/deletion.ts and dataExport.ts.
import type { FastifyInstance } from 'fastify';
import { ANONYMOUS_USER } from '../../contract/auth';
import { adminDeletePlayer, deleteMyAccount, exportMyData, listDeletions, RIGHTS_TEXT } from '../../contract/rights';
import { HttpError } from '../errors';
import { clearSessionCookie } from '../http/sessions';
import { route } from '../route';
import { record } from '../services/admin/adminAudit';
import { requireFreshPassword } from '../services/admin/adminReauth';
import { chargeExport, exportData } from '../services/accounts/dataExport';
import { deleteAccount, listDeletions as deletions, refuseAdminDeletion } from '../services/accounts/deletion';
import { passwordAttempts } from '../services/accounts/passwordAttempts';
import { passwordHashOf } from '../services/accounts/passwordAccounts';

export async function rightsRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;
  const passwords = passwordAttempts(db, config, { botCheck: () => app.botCheck, work: app.passwordWork });

  // The download counts first (its own small transaction), then reads through the pool.
  route(app, exportMyData, async ({ user, reply, transaction }) => {
    await transaction((trx) => chargeExport(trx, user.id, config.DATA_EXPORTS_PER_HOUR));
    const data = await exportData(db, user.id);
    const day = data.exportedAt.slice(0, 10);
    reply.header('cache-control', 'no-store');
    reply.header('content-disposition', `attachment; filename="tripshell-data-${user.username}-${day}.json"`);
    return data;
  });

  // A password account proves it is the owner with its password (counted like every other
  // password check; scrypt runs outside the transaction, hence 'steps'); an account without one
  // types its username, which a stolen session alone could do too: but such a session could
  // already sign the owner out everywhere, and Discord's or the portal's account is the owner's
  // way back to a fresh account.
  route(app, deleteMyAccount, async ({ body, user, request, reply, transaction }) => {
    const stored = await passwordHashOf(db, user.id);
    if (stored) {
      if (body.password === undefined) throw new HttpError(403, RIGHTS_TEXT.passwordWrong, 'WRONG_PASSWORD');
      await passwords.chargeAddress(request);
      await passwords.chargeAccount(user.id);
      if (!(await passwords.verify(request, user.username, body.password, stored, 'change'))) throw new HttpError(403, RIGHTS_TEXT.passwordWrong, 'WRONG_PASSWORD');
    } else if (body.confirmUsername?.trim().toLowerCase() !== user.username.toLowerCase()) {
      throw new HttpError(400, RIGHTS_TEXT.nameWrong, 'CONFIRM_NAME_WRONG');
    }
    await transaction((trx) => deleteAccount(trx, user.id, { how: 'self', nameHoldDays: config.DELETED_NAME_HOLD_DAYS }));
    clearSessionCookie(request, reply);
    return { status: 'deleted' as const, message: RIGHTS_TEXT.deleted, ...ANONYMOUS_USER };
  }, { transaction: 'steps' });

  route(app, listDeletions, async ({ query, reply }) => {
    reply.header('cache-control', 'no-store');
    return deletions(db, query);
  });

  // A console deletion (a request that reached support): the same rules, by an admin who typed
  // their password lately, with its audit row; never an admin account (an operator takes the
  // role away first, as for a ban).
  route(app, adminDeletePlayer, async ({ params, body, user, request, trx }) => {
    await requireFreshPassword(trx, { sessionId: user.sessionId, hasPassword: user.hasPassword }, config.ADMIN_REAUTH_MINUTES);
    const uuid = params.uuid.toLowerCase();
    await refuseAdminDeletion(trx, uuid);
    const done = await deleteAccount(trx, uuid, { how: 'console', byAdmin: user.id, nameHoldDays: config.DELETED_NAME_HOLD_DAYS });
    // The audit row names the pseudonym, never the deleted name.
    const auditId = await record(trx, {
      actorId: user.id, action: 'player.delete', reason: body.reason, targetUserId: uuid,
      details: { pseudonym: done.pseudonym, ...done.settled }, requestId: request.id,
    });
    return { ok: true as const, auditId, message: `Account deleted (now ${done.pseudonym})` };
  });
}
