// The bench's CPU split (tests/bench/cpuSplit.ts): a sample goes where the innermost frame that
// says anything puts it. The reply's socket write runs inside a callback hook's `done()`; it is
// Fastify's work (HTTP), not the hook's.
import { describe, expect, it } from 'vitest';
import { splitProfile } from '../bench/cpuSplit';

const APP = 'file:///app/node_modules/';
type Frame = [functionName: string, url: string];

/** A profile of one sample per stack (outermost frame first), one microsecond apart. */
function profileOf(stacks: Frame[][]) {
  const nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children: number[] }> = [
    { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: 0 }, children: [] },
  ];
  const samples: number[] = [];
  for (const stack of stacks) {
    let parent = nodes[0]!;
    for (const [functionName, url] of stack) {
      const node = { id: nodes.length + 1, callFrame: { functionName, url, lineNumber: 0 }, children: [] };
      nodes.push(node);
      parent.children.push(node.id);
      parent = node;
    }
    samples.push(parent.id);
  }
  return { nodes, startTime: 0, endTime: samples.length, samples, timeDeltas: samples.map(() => 1) };
}

const hookThenWrite: Frame[] = [
  ['runPreParsing', `${APP}fastify/lib/route.js`],
  ['onSendHook', `${APP}fastify/lib/reply.js`],
  ['', 'file:///app/server/plugins/metrics.ts'],
  ['next', `${APP}fastify/lib/hooks.js`],
  ['onSendEnd', `${APP}fastify/lib/reply.js`],
  ['end', 'node:_http_outgoing'],
  ['_writev', 'node:net'],
  ['writev', ''],
];
const hookItself: Frame[] = [
  ['onSendHook', `${APP}fastify/lib/reply.js`],
  ['', 'file:///app/server/plugins/security.ts'],
  ['exec', ''],
];
const handlerUnderSession: Frame[] = [
  ['', 'file:///app/server/http/sessions.ts'],
  ['handler', 'file:///app/server/routes/economy.ts'],
];
const restUnderSession: Frame[] = [
  ['', 'file:///app/server/http/sessions.ts'],
  ['preValidationCallback', `${APP}fastify/lib/route.js`],
];

describe('the bench CPU split', () => {
  it('counts the reply written inside a hook as HTTP, and the hook\'s own work as hooks', () => {
    const [split] = splitProfile(profileOf([hookThenWrite, hookThenWrite, hookItself, handlerUnderSession, restUnderSession]), [{ target: 'run', fromUs: 0, toUs: 100, requests: 1 }]);
    expect(split?.shares.HTTP).toBeCloseTo(3 / 5);
    expect(split?.shares.hooks).toBeCloseTo(1 / 5);
    expect(split?.shares.service).toBeCloseTo(1 / 5);
    expect(split?.shares.session).toBe(0);
  });

  it('counts the feature policy as policy, and the drain\'s and the holds\' hooks as hooks', () => {
    const policyCheck: Frame[] = [
      ['', 'file:///app/server/route.ts'],
      ['featureAllowed', 'file:///app/server/services/policy/featurePolicy.ts'],
      ['find', ''],
    ];
    const drain: Frame[] = [['', 'file:///app/server/plugins/drain.ts']];
    const holds: Frame[] = [['', 'file:///app/server/http/tradeRefusals.ts'], ['get', '']];
    const [split] = splitProfile(profileOf([policyCheck, drain, holds, handlerUnderSession]), [{ target: 'run', fromUs: 0, toUs: 100, requests: 1 }]);
    expect(split?.shares.policy).toBeCloseTo(1 / 4);
    expect(split?.shares.hooks).toBeCloseTo(2 / 4);
    expect(split?.shares.service).toBeCloseTo(1 / 4);
  });
});
