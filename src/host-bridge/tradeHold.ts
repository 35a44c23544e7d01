// The signed-in player's hold on value leaving them, for the game's `capabilities` answer: the
// hold that ends last (the server lists it first). Asked within a bound shorter than the call's
// own, so a slow answer leaves `tradeHold` null instead of failing the whole call.
import type { HostTradeHold } from '../../contract/hostApi';
import { tradeStatus } from '../../contract/trade';
import { call } from '../api/client';

const BOUND_MS = 600;

export async function tradeHold(): Promise<HostTradeHold | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), BOUND_MS); });
  try {
    const status = await Promise.race([call(tradeStatus), late]);
    const hold = status?.holds[0];
    return hold ? { until: hold.until, reason: hold.reason, actions: hold.actions } : null;
  } finally {
    clearTimeout(timer);
  }
}
