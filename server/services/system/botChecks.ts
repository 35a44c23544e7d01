// A bot check is good once: the provider verifies it (providers/botCheck.ts), then its one-use key
// is claimed in the replay table (bot_check_tokens, pruned once expired), shared by every process.
import { createHash } from 'node:crypto';
import type { Executor } from '../../db/tx';
import type { BotCheckProvider, BotCheckVerdict } from '../../providers/botCheck';

/** Verifies with the provider, then claims the check so it can never be used again. */
export async function verifyOnce(db: Executor, provider: BotCheckProvider, token: string, remoteIp: string): Promise<{ verdict: BotCheckVerdict; level?: number }> {
  const { verdict, onceKey, level } = await provider.verify(token, remoteIp);
  if (verdict !== 'ok') return { verdict };
  if (!onceKey) return { verdict: 'failed' };
  const claimed = await db.insertInto('bot_check_tokens')
    .values({ token_hash: createHash('sha256').update(onceKey).digest('hex'), expires_at: new Date(Date.now() + provider.tokenTtlMs) })
    .onConflict((oc) => oc.doNothing())
    .returning('token_hash')
    .executeTakeFirst();
  return claimed ? { verdict: 'ok', level } : { verdict: 'failed' };
}
