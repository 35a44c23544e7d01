// The host bridge: what the page around the game (the web, Discord, the portal) offers it through
// the host API (hostApi.ts, the window hook hostCall.ts), the host's lifecycle and mute
// (hostWiring.ts) and the page's own audio (pageAudio.ts). Import the files themselves; this names
// the folder's purpose.
export type { HostApi } from './hostApi';
export type { HostCallApi } from './hostCall';
export type { PageAudio } from './pageAudio';
