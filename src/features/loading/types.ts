import type { ActorRefFrom } from 'xstate';
import type { loadingMachine } from '../../../machines/loading';

export type LoadingActor = ActorRefFrom<typeof loadingMachine>;
