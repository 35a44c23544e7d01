// Dialogs stay open while their action runs and close only when it succeeded; a failure keeps
// the form as typed (the toast says why).
import { useEffect, useState } from 'react';
import type { ClanMembership } from './useClanMembership';

export function useCloseOnSuccess(membership: ClanMembership, onClose: () => void): () => void {
  const [submitted, setSubmitted] = useState(false);
  const { busy, context } = membership;
  useEffect(() => {
    if (!submitted || busy) return;
    setSubmitted(false);
    if (context.notice !== null && context.error === null) onClose();
  }, [submitted, busy, context.notice, context.error, onClose]);
  return () => setSubmitted(true);
}
