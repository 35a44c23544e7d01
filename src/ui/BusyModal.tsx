// A modal that cannot be closed while a request is in flight (spec part 2 §2: "Each modal has a
// busy flag that blocks closing while a request is in flight"). The rule in one place: while
// busy there is no close button, Escape and a click outside do nothing, and Escape does not
// reach the overlay host (src/app/overlays/OverlayHost.tsx), which would otherwise close the
// whole overlay underneath. `onClose` is only called when not busy.
import { Modal, type ModalProps } from '@mantine/core';
import { useEffect } from 'react';

/** While busy, Escape is stopped before any other listener (the overlay host's included) sees it. */
export function useBlockEscapeWhile(busy: boolean): void {
  useEffect(() => {
    if (!busy) return;
    const block = (event: KeyboardEvent) => {
      if (event.key === 'Escape') { event.preventDefault(); event.stopPropagation(); }
    };
    window.addEventListener('keydown', block, true);
    return () => window.removeEventListener('keydown', block, true);
  }, [busy]);
}

export type BusyModalProps = Omit<ModalProps, 'opened' | 'closeOnEscape' | 'closeOnClickOutside' | 'withCloseButton' | 'closeButtonProps'> & {
  busy: boolean;
  opened?: boolean;
};

export function BusyModal({ busy, onClose, opened = true, ...props }: BusyModalProps) {
  useBlockEscapeWhile(busy);
  return (
    <Modal
      opened={opened}
      onClose={() => { if (!busy) onClose(); }}
      centered
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': 'Close' }}
      {...props}
    />
  );
}
