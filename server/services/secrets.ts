// Secrets the server makes once and shares across processes through the database.
import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/tx';

export async function serverSecret(db: Executor, name: string): Promise<string> {
  await db.insertInto('server_secrets').values({ name, value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.doNothing()).execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
