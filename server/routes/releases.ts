import type { FastifyInstance } from 'fastify';
import { getReleaseLogs, publishRelease, type ReleaseLog } from '../../contract/releases';
import { route } from '../route';

function dateText(value: Date | string): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

export async function releaseRoutes(app: FastifyInstance): Promise<void> {
  route(app, getReleaseLogs, async ({ reply }) => {
    const rows = await app.db.selectFrom('release_logs').selectAll().orderBy('release_date', 'desc').orderBy('version', 'desc').execute();
    reply.header('cache-control', 'public, max-age=60');
    return rows.map((r): ReleaseLog => ({
      version: r.version, name: r.name, release_date: dateText(r.release_date),
      added: r.added, fixed: r.fixed, removed: r.removed,
    }));
  });

  route(app, publishRelease, async ({ body }) => {
    const row = {
      version: body.version, name: body.name, release_date: body.release_date,
      added: JSON.stringify(body.added), fixed: JSON.stringify(body.fixed), removed: JSON.stringify(body.removed),
    };
    await app.db.insertInto('release_logs').values(row)
      .onConflict((oc) => oc.column('version').doUpdateSet({ name: row.name, release_date: row.release_date, added: row.added, fixed: row.fixed, removed: row.removed }))
      .execute();
    return body;
  });
}
