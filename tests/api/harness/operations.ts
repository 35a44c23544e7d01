// The workload registry: every operation the concurrent workload (workload.ts) draws from.
// A feature adds its operations here (see workload.ts for what an Operation must do).
import { ALL_ENDPOINTS } from '../../../contract/endpoints';
import { ACCOUNT_OPERATIONS } from './operations/accounts';
import { valueEndpointOperations } from './operations/endpoints';
import { LEDGER_OPERATIONS } from './operations/ledger';
import type { Operation } from './workload';

export const WORKLOAD_OPERATIONS: Operation[] = [
  ...ACCOUNT_OPERATIONS,
  ...LEDGER_OPERATIONS,
  ...valueEndpointOperations(ALL_ENDPOINTS),
];
