// Whether the database answers (the health endpoint's check).
import { sql } from 'kysely';
import type { Executor } from '../db/tx';

export async function pingDatabase(db: Executor): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
