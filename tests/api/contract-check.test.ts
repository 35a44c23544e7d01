// The harness's rule for answers (harness/contract.ts) is what every fuzz, security and workload
// test leans on; here it is shown to refuse what it must, on answers made up for the purpose.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../contract/http';
import { contractProblem } from './harness/contract';

const listing = defineEndpoint({
  method: 'GET', path: '/api/made-up', access: 'public', summary: 'A made-up endpoint',
  response: z.object({ id: z.string(), items: z.array(z.object({ uuid: z.string(), amount: z.number() })), note: z.string().default('') }),
});
const ok = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

describe('the harness rule for a 2xx answer', () => {
  it('takes an answer with exactly the fields of its schema, and one that leaves out a defaulted one', () => {
    expect(contractProblem(listing, ok({ id: 'a', items: [{ uuid: 'u', amount: 1 }], note: 'x' }))).toBeNull();
    expect(contractProblem(listing, ok({ id: 'a', items: [] }))).toBeNull();
  });

  it('names a field the schema does not have, at the top and deep in a list', () => {
    expect(contractProblem(listing, ok({ id: 'a', items: [], password_hash: 'x' }))).toMatch(/names password_hash,/);
    expect(contractProblem(listing, ok({ id: 'a', items: [{ uuid: 'u', amount: 1 }, { uuid: 'v', amount: 2, owner_id: 7 }] })))
      .toMatch(/names items\[1\]\.owner_id,/);
  });

  it('still refuses an answer that does not parse', () => {
    expect(contractProblem(listing, ok({ id: 1, items: [] }))).toMatch(/does not match the response schema/);
  });
});
