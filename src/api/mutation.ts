// What a feature's mutation hook accepts from its caller (bulletproof-react's MutationConfig):
// every option but the request itself. The operation file owns the request and what it
// invalidates; the component adds its own reactions (toasts, closing, telling the game).
import type { UseMutationOptions } from '@tanstack/react-query';

export type MutationFn = (variables: never) => Promise<unknown>;

export type MutationConfig<F extends MutationFn> = Omit<
  UseMutationOptions<Awaited<ReturnType<F>>, Error, Parameters<F>[0]>,
  'mutationFn'
>;
