// The 'marketplaceListing' overlay: SHOW_MARKETPLACE_LISTING_MODAL {listingId, modalType} opens
// Confirm Purchase (buyConfirm) or Cancel Listing (cancelConfirm). Not closable while busy.
import { Modal } from '@mantine/core';
import { useState } from 'react';
import type { OverlayProps } from '../../app/overlays/registry';
import { LISTING_TITLES, ListingConfirm } from './ListingConfirm';
import { useBlockEscape } from './useBlockEscape';

export default function ListingModal({ payload, onClose }: OverlayProps<'marketplaceListing'>) {
  const [busy, setBusy] = useState(false);
  useBlockEscape(busy);
  const close = () => { if (!busy) onClose(); };
  return (
    <Modal opened onClose={close} title={LISTING_TITLES[payload.modalType]} centered closeOnEscape={!busy} closeOnClickOutside={!busy} withCloseButton={!busy} closeButtonProps={{ 'aria-label': 'Close' }}>
      <ListingConfirm listingId={String(payload.listingId)} action={payload.modalType} onDone={onClose} onBack={close} onBusyChange={setBusy} />
    </Modal>
  );
}
