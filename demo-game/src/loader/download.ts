// Downloads one build file and reports its bytes as they arrive, so the loading screen shows
// real progress instead of only the simulated curve.

export type FetchLike = (url: string, init?: { signal?: AbortSignal }) => Promise<Response>;

/** loaded: bytes so far; total: from Content-Length, or null when the server did not say. */
export type ChunkListener = (loaded: number, total: number | null) => void;

/** Why a build file did not arrive, worded for the shell's error screen. */
export class BuildFileError extends Error {
  constructor(
    readonly fileLabel: string,
    readonly url: string,
    reason: string,
    cause?: unknown,
  ) {
    super(`Could not load the game ${fileLabel} (${url}): ${reason}`, cause === undefined ? undefined : { cause });
    this.name = 'BuildFileError';
  }
}

function contentLength(response: Response): number | null {
  const header = response.headers.get('content-length');
  if (header === null) return null;
  const value = Number(header);
  return Number.isFinite(value) && value > 0 ? value : null;
}

export async function download(fetchFn: FetchLike, url: string, fileLabel: string, onChunk: ChunkListener, signal?: AbortSignal): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetchFn(url, { signal });
  } catch (error) {
    throw new BuildFileError(fileLabel, url, `network error (${error instanceof Error ? error.message : String(error)})`, error);
  }
  if (!response.ok) throw new BuildFileError(fileLabel, url, `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);

  const total = contentLength(response);
  onChunk(0, total);
  if (!response.body) {
    // No stream (old engines, some mocks): the whole file counts at once.
    const whole = await response.arrayBuffer();
    onChunk(whole.byteLength, total);
    return whole;
  }

  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      onChunk(loaded, total);
    }
  } catch (error) {
    throw new BuildFileError(fileLabel, url, `download interrupted (${error instanceof Error ? error.message : String(error)})`, error);
  }

  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}
