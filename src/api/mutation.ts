// What a feature's mutation hook accepts from its caller (bulletproof-react's MutationConfig):
// every option but the request itself. The operation file owns the request, what it
// invalidates and what the game is told; the component adds its own reactions (toasts, closing).
// A value-moving operation uses ./valueAction.ts instead (its attempt's Idempotency-Key too).
import type { UseMutationOptions } from '@tanstack/react-query';

export type MutationFn = (variables: never) => Promise<unknown>;

export type MutationConfig<F extends MutationFn> = Omit<
  UseMutationOptions<Awaited<ReturnType<F>>, Error, Parameters<F>[0]>,
  'mutationFn'
>;
