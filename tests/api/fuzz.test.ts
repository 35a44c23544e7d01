// Contract fuzzing on PGlite (the suite: tests/api/harness/fuzzSuite.ts; on PostgreSQL:
// tests/api/fuzz-postgres.test.ts, run side by side with this file).
//
// FUZZ_RUNS (random draws per endpoint for its main caller) and FUZZ_SEED reproduce a run. The
// draws test the request handling, the same on either engine: 10 when PGlite is the run's only
// database, 3 when PostgreSQL takes its own 3 beside it (the hostile catalogue, where engines
// differ, runs whole on both).
import { fuzzSuite } from './harness/fuzzSuite';
import { databaseNamed } from './helpers';

fuzzSuite(databaseNamed('pglite'), Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DATABASE_URL ? 3 : 10)));
