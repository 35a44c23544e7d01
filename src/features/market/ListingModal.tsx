// The 'marketplaceListing' overlay: SHOW_MARKETPLACE_LISTING_MODAL {listingId, modalType} opens
// Confirm Purchase (buyConfirm) or Cancel Listing (cancelConfirm). Not closable while busy.
import { useState } from 'react';
import type { OverlayProps } from '../../overlays/types';
import { ListingConfirm, listingTitle } from './ListingConfirm';
import { BusyModal } from '../../overlays/BusyModal';

export default function ListingModal({ payload, onClose }: OverlayProps<'marketplaceListing'>) {
  const [busy, setBusy] = useState(false);
  const close = () => { if (!busy) onClose(); };
  return (
    <BusyModal busy={busy} onClose={close} title={listingTitle(payload.modalType)}>
      <ListingConfirm listingId={String(payload.listingId)} action={payload.modalType} onDone={onClose} onBack={close} onBusyChange={setBusy} />
    </BusyModal>
  );
}
