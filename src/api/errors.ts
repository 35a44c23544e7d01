// The one reading of a failed request for the player, used by every feature and every machine's
// injected I/O. Precedence, once: the server's `error`, else its `detail`
// (contract/http.ts errorBodyText), else the caller's fallback. No answer at all (a network
// failure), an answer that was not ours, or any other thrown value gives the fallback.
import { errorBodyText } from '../../contract/http';
import { ApiError } from './client';
import { localServerText } from '../i18n/serverTexts';

/** The server's text for a failed request, or undefined when it gave none. */
export function serverErrorText(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const text = errorBodyText(error.body);
  return text === undefined ? undefined : localServerText(text, error.body?.code, error.body?.text, error.body?.params);
}

/** The text to show for a failed request: the server's, else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  return serverErrorText(error) ?? fallback;
}

/** A definitive answer from the server (as opposed to no answer at all). */
export function isServerAnswer(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server refused the session (401): the player is not logged in. */
export function isLoggedOutError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
