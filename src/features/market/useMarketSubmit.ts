// The submit of the Sell and Transfer modals (spec part 2 §2, §8): busy while the request runs
// (the modal cannot close), the server's message as a success toast and the modal closed, or the
// server's error (with the modal's fallback) both in the form and as a toast, the form kept. The
// inventory and the game's item data refresh either way, since a failure can mean it changed.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../ui/toast';
import { afterMarketChange } from './api/market';
import { errorText } from './errors';

export interface MarketSubmit {
  busy: boolean;
  error: string | null;
  setError: (text: string | null) => void;
  run: (request: () => Promise<{ message: string }>, options: { fallback: string; itemUuid: string; marketplace: boolean }) => Promise<void>;
}

export function useMarketSubmit(onDone: () => void): MarketSubmit {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run: MarketSubmit['run'] = async (request, { fallback, itemUuid, marketplace }) => {
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      const answer = await request();
      showToast({ message: answer.message, tone: 'success', area: 'economy' });
      afterMarketChange(queryClient, { itemUuid, marketplace });
      setBusy(false);
      onDone();
    } catch (failure) {
      setBusy(false);
      const text = errorText(failure, fallback);
      setError(text);
      showToast({ message: text, tone: 'error', area: 'economy' });
      afterMarketChange(queryClient, { marketplace: false });
    }
  };
  return { busy, error, setError, run };
}
