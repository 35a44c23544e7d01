// A Kysely dialect for the embedded PGlite database.
//
// PGlite is one connection. kysely-pglite hands that connection to every caller at once, so two
// concurrent requests interleave their BEGIN/COMMIT and one transaction swallows the other's
// statements. Here a connection is a lease: the next caller waits until the current one
// releases it, which makes every transaction atomic and isolated, as on PostgreSQL.
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult,
} from 'kysely';

/** The one connection's queue, as the metrics see it (db/createDb.ts DbHandle.pool). */
export interface LeaseStats { held: boolean; waiting: number; waits: number }

class Lease {
  private tail: Promise<void> = Promise.resolve();
  readonly stats: LeaseStats = { held: false, waiting: 0, waits: 0 };
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => { release = resolve; });
    const stats = this.stats;
    if (stats.held) { stats.waits++; stats.waiting++; }
    const wasWaiting = stats.held;
    const ready = this.tail.then(() => {
      if (wasWaiting) stats.waiting--;
      stats.held = true;
      return () => { stats.held = stats.waiting > 0; release(); };
    });
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly client: PGlite) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (query.parameters.length === 0 && /;\s*\S/.test(query.sql)) {
      // A script of several statements (migrations): PGlite runs those through exec().
      const results = await this.client.exec(query.sql);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as R[] };
    }
    const result = await this.client.query<R>(query.sql, [...query.parameters]);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming');
  }
}

class PGliteDriver implements Driver {
  readonly lease = new Lease();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  constructor(private readonly client: PGlite) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.lease.acquire();
    const connection = new PGliteConnection(this.client);
    this.releases.set(connection, release);
    return connection;
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.releases.get(connection)?.();
    this.releases.delete(connection);
  }
  async destroy(): Promise<void> {
    await this.client.close();
  }
}

export class PGliteDialect implements Dialect {
  private readonly driver: PGliteDriver;
  constructor(client: PGlite) { this.driver = new PGliteDriver(client); }
  /** The connection queue's figures (the metrics' PGlite "pool"). */
  get stats(): LeaseStats { return this.driver.lease.stats; }
  createAdapter() { return new PostgresAdapter(); }
  createDriver(): Driver { return this.driver; }
  createIntrospector(db: Kysely<unknown>) { return new PostgresIntrospector(db); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
}
