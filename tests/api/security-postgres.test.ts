// Security checks on PostgreSQL, when TEST_DATABASE_URL is set (the suite:
// tests/api/harness/securitySuite.ts; on PGlite: tests/api/security.test.ts).
import { securitySuite } from './harness/securitySuite';
import { databaseNamed } from './helpers';

securitySuite(databaseNamed('postgres'));
