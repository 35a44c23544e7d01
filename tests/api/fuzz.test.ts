// Contract fuzzing on PGlite (the suite: tests/api/harness/fuzzSuite.ts; on PostgreSQL:
// tests/api/fuzz-postgres.test.ts, run side by side with this file).
//
// FUZZ_RUNS (random draws per endpoint for its main caller, default 10) and FUZZ_SEED reproduce a run.
import { fuzzSuite } from './harness/fuzzSuite';
import { databaseNamed } from './helpers';

fuzzSuite(databaseNamed('pglite'), Number(process.env.FUZZ_RUNS ?? 10));
