// Security checks on PGlite (the suite: tests/api/harness/securitySuite.ts; on PostgreSQL:
// tests/api/security-postgres.test.ts, run side by side with this file).
import { securitySuite } from './harness/securitySuite';
import { databaseNamed } from './helpers';

securitySuite(databaseNamed('pglite'));
