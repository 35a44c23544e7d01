// The hook of a value-moving operation (bulletproof-react's mutation hook, plus the attempt's
// Idempotency-Key): the operation file declares its request and what it does after an answer
// (refresh queries, tell the game through the GameLink); the component adds only its own
// reactions (toasts, closing) and never sees a key. See ./attempts.ts for the rules.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isServerAnswer } from './errors';
import { attemptsOf } from './attempts';

export interface ValueOperation<V, R> {
  /** The operation's name: its attempts' scope and its keys' prefix. */
  name: string;
  /** One attempt's request, with its key. */
  request(variables: V, idempotencyKey: string): Promise<R>;
  /** What identifies the request (a retry after no answer keeps its key only for the same one);
   * by default the variables themselves. */
  identity?(variables: V): string;
  /** After the first answer to an attempt (never a replay already handled). */
  succeeded?(result: R, variables: V): unknown;
  /** After a refusal, or no answer. */
  failed?(error: Error, variables: V): unknown;
  /** After either (a failure can mean something changed too). */
  settled?(variables: V): unknown;
}

/** What the component adds: its own reactions to a handled answer. */
export interface ValueActionConfig<V, R> {
  onSuccess?(result: R, variables: V): unknown;
  onError?(error: Error, variables: V): unknown;
}

export interface ValueAction<V> {
  /** Starts an attempt; ignored while one of this operation is in flight. */
  mutate(variables: V): void;
  isPending: boolean;
  /** The variables of the attempt in flight or last settled. */
  variables: V | undefined;
}

interface Attempt<V> { variables: V; key: string }

export function useValueAction<V, R>(operation: ValueOperation<V, R>, config: ValueActionConfig<V, R> = {}): ValueAction<V> {
  const client = useQueryClient();
  const attempts = attemptsOf(client, operation.name);
  const mutation = useMutation<R, Error, Attempt<V>>({
    mutationFn: ({ variables, key }) => operation.request(variables, key),
    onSuccess: async (result, { variables, key }) => {
      if (!attempts.answered(key)) return;
      await operation.succeeded?.(result, variables);
      await config.onSuccess?.(result, variables);
    },
    onError: async (error, { variables, key }) => {
      if (isServerAnswer(error)) { if (!attempts.answered(key)) return; } else attempts.unanswered(key);
      await operation.failed?.(error, variables);
      await config.onError?.(error, variables);
    },
    onSettled: (_result, _error, { variables }) => operation.settled?.(variables),
  });
  return {
    mutate(variables) {
      const key = attempts.begin(operation.identity?.(variables) ?? JSON.stringify(variables));
      if (key !== null) mutation.mutate({ variables, key });
    },
    isPending: mutation.isPending,
    variables: mutation.variables?.variables,
  };
}
