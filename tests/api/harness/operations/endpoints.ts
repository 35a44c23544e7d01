// Every contract endpoint flagged `movesValue` that has an entry in examples.ts joins the
// workload by itself: a random player makes its valid call over HTTP. Success and refusal are
// both fine under concurrency (someone else bought the listing first); a 5xx is not.
import type { EndpointDef } from '../../../../contract/http';
import { cookieHeader, GAME_SERVER_AUTH, registerActor } from '../actors';
import { contractProblem, endpointKey } from '../contract';
import { EXAMPLES, exampleOf, ownershipOf, resolveCall } from '../examples';
import { requestFor } from '../hostile';
import { pick, type Operation } from '../workload';

export function valueEndpointOperations(endpoints: EndpointDef[]): Operation[] {
  // The console's endpoints are not a player's workload (players get 403): their tests are tests/api/admin-*.
  return endpoints.filter((e) => e.movesValue && e.access !== 'admin' && exampleOf(e, EXAMPLES)).map((endpoint) => ({
    name: endpointKey(endpoint),
    weight: 2,
    async run(world) {
      // One-time claims need a player who never made them.
      const player = exampleOf(endpoint, EXAMPLES)?.oncePerPlayer ? await registerActor(world.send) : pick(world, world.players);
      // Endpoints anyone may call on someone else's thing (accepting a wager) get a counterpart.
      const owner = ownershipOf(endpoint, EXAMPLES) === 'anyone' ? pick(world, world.players.filter((p) => p !== player)) : player;
      const call = await resolveCall(endpoint, { caller: player, owner, db: world.db, send: world.send, botToken: world.botToken }, EXAMPLES);
      const request = requestFor(endpoint, call);
      const auth = endpoint.access === 'gameServer' ? GAME_SERVER_AUTH : cookieHeader(player);
      const reply = await world.send({ ...request, headers: { ...request.headers, ...auth } });
      const problem = contractProblem(endpoint, reply);
      if (problem) throw new Error(problem);
      // A refusal of who is calling is no race: the call never reached the money it was to move.
      if (reply.status === 401 || reply.status === 403) throw new Error(`answered ${reply.status}: ${reply.body.slice(0, 200)}`);
      return reply.status < 300 ? 'ok' : 'refused';
    },
  }));
}
