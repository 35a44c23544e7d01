// The console's calls: the shell's typed client on contract/admin.ts. Every write carries the
// reason typed by the admin and one Idempotency-Key per attempt (made when its dialog opens, kept
// for a retry of that attempt), whether or not the endpoint moves value.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reauthenticate as reauthEndpoint } from '../../contract/admin';
import { IDEMPOTENCY_HEADER, type BodyOf, type EndpointDef, type ResponseOf } from '../../contract/http';
import { newIdempotencyKey } from '../api/attempts';
import { call } from '../api/client';

export const ADMIN_KEY = ['admin'] as const;

/** A read: `call` with the endpoint's params and query. */
export function read<E extends EndpointDef>(endpoint: E, options: { params?: Record<string, string>; query?: Record<string, string | number | undefined> } = {}): Promise<ResponseOf<E>> {
  return (call as (e: EndpointDef, o: object) => Promise<ResponseOf<E>>)(endpoint, options);
}

/** A write with its attempt's key, refreshing every console query after it. */
export function useAdminWrite<E extends EndpointDef>(endpoint: E) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ params, body, attempt }: { params?: Record<string, string>; body: BodyOf<E>; attempt: string }) =>
      (call as (e: EndpointDef, o: object) => Promise<ResponseOf<E>>)(endpoint, {
        params, body,
        ...(endpoint.movesValue ? { idempotencyKey: attempt } : { headers: { [IDEMPOTENCY_HEADER]: attempt } }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

/** The key of one console attempt, made the one way the client makes keys (src/api/attempts.ts). */
export const newAttempt = () => newIdempotencyKey('admin');

/** Types the admin's password again; the server then lets this session's writes through for a
 * few minutes (a wrong one is refused with the server's words). */
export async function reauthenticate(password: string): Promise<void> {
  await call(reauthEndpoint, { body: { password } });
}
