// GET /api/account/export: everything the studio holds about the player, saved by the browser as
// one JSON file (the server limits it to a few downloads an hour).
import { useMutation } from '@tanstack/react-query';
import { exportMyData as exportEndpoint } from '../../../../contract/rights';
import { call } from '../../../api/client';
import type { MutationConfig } from '../../../api/mutation';

/** Hands `text` to the browser as a download named `filename`. */
function saveFile(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadMyData(): Promise<string> {
  const data = await call(exportEndpoint);
  const filename = `tripshell-data-${data.account.username}-${data.exportedAt.slice(0, 10)}.json`;
  saveFile(filename, JSON.stringify(data, null, 2));
  return filename;
}

export function useDownloadMyData(config: MutationConfig<typeof downloadMyData> = {}) {
  return useMutation({ ...config, mutationFn: downloadMyData });
}
