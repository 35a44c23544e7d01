// The 'marketplace' overlay: SHOW_MARKETPLACE_MODAL's modalType picks Transfer Items, the
// Marketplace or List Item for Sale, each starting on the message's item when it names one.
import type { OverlayProps } from '../../overlays/types';
import { MarketplaceModal } from './MarketplaceModal';
import { SellModal } from './SellModal';
import { TransferModal } from './TransferModal';

export default function MarketplaceEntry({ payload, onClose }: OverlayProps<'marketplace'>) {
  switch (payload.modalType) {
    case 'transfer': return <TransferModal initialItemUuid={payload.itemUuid} onClose={onClose} />;
    case 'sell': return <SellModal initialItemUuid={payload.itemUuid} onClose={onClose} />;
    default: return <MarketplaceModal initialItemUuid={payload.itemUuid} onClose={onClose} />;
  }
}
