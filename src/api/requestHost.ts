// The host the page runs in, told to our server with every request (HOST_HEADER): a web sign-in
// inside a portal's frame keeps that host on its session, and the server answers and enforces
// the feature policy of the host the page is in (contract/features.ts). Set once, at start, from
// the detected host (src/app/gameStart.ts). Zod-free and tiny: it is on the first screen.
import { HOST_HEADER } from '../../contract/featureNames';

let host: string | null = null;

export function setRequestHost(kind: string | null): void {
  host = kind;
}

export function requestHost(): string | null {
  return host;
}

export function hostHeaders(): Record<string, string> {
  return host ? { [HOST_HEADER]: host } : {};
}
