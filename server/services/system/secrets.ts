// Secrets the server makes once and shares across processes through the database.
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/tx';

export async function serverSecret(db: Executor, name: string): Promise<string> {
  await db.insertInto('server_secrets').values({ name, value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.doNothing()).execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** The secrets ALTCHA signs its challenges and keys with (made by the start-up step). */
export const ALTCHA_SECRETS = ['altcha_hmac', 'altcha_key_hmac'] as const;

/** A secret the start-up step made; read only, so an app that was only built writes nothing. */
export async function readServerSecret(db: Executor, name: string): Promise<string> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (!row) throw new Error(`The server secret ${name} is missing: run the start-up step (server/start.ts) on this database first`);
  return row.value;
}
