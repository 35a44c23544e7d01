// What each host allows and the console's switches (contract/features.ts): the shell's read of
// the policy for its host, and the console's view and change of the switches. A switch change is
// a console write like the others in routes/admin.ts: the admin's password typed lately, a
// reason, its audit row and the change in the route's one transaction, idempotent by its key.
import type { FastifyInstance } from 'fastify';
import { getFeatures, listSwitches, setSwitch, type Feature } from '../../contract/features';
import { HOST_NAMES, type HostName } from '../../contract/hostApi';
import { declaredHostOf, hostsOfRequest } from '../http/sessions';
import { route } from '../route';
import { requireFreshPassword } from '../services/admin/adminReauth';
import { setSwitch as changeSwitch, switchRows } from '../services/policy/featureSwitches';

export async function featureRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, features } = app;

  // The answer follows the switches within seconds: never kept by a cache on the way.
  route(app, getFeatures, async ({ request, query, reply }) => {
    reply.header('cache-control', 'no-store');
    const hosts = hostsOfRequest(request, query.host ?? null);
    const host = query.host ?? declaredHostOf(request) ?? request.user?.host ?? 'web';
    return { host, features: features.store.policy(hosts) };
  });

  route(app, listSwitches, async () => ({
    switches: await switchRows(db),
    defaults: Object.fromEntries(HOST_NAMES.map((h) => [h, [...features.store.defaults[h]]])) as Record<HostName, Feature[]>,
    effective: features.store.everyHost(),
  }));

  route(app, setSwitch, async ({ body, user, trx, request }) => {
    await requireFreshPassword(trx, { sessionId: user.sessionId, hasPassword: user.hasPassword }, config.ADMIN_REAUTH_MINUTES);
    return changeSwitch(trx, features.store, { id: user.id, requestId: request.id }, body);
  });
}
