// Contract fuzzing on PostgreSQL, when TEST_DATABASE_URL is set (the suite:
// tests/api/harness/fuzzSuite.ts). The valid call and the whole hostile catalogue go to every
// endpoint as on PGlite, where an engine could differ (types, overflow, encodings, constraint
// errors); fast-check's random draws from the same schemas, which PGlite already takes ten of per
// endpoint, are fewer here: they test the request handling, the same on either database.
//
// FUZZ_RUNS_POSTGRES (default 3) and FUZZ_SEED reproduce a run.
import { fuzzSuite } from './harness/fuzzSuite';
import { databaseNamed } from './helpers';

fuzzSuite(databaseNamed('postgres'), Number(process.env.FUZZ_RUNS_POSTGRES ?? 3));
