// Every dialog of the shell ("Each modal has a busy flag that blocks closing
// while a request is in flight"). The rule in one place: while busy there is no close button,
// and Escape and a click outside do nothing; `onClose` is only called when not busy. Escape is
// this dialog's layer in the one Escape decider (escape.ts), so it never reaches the overlay
// underneath or the game.
import { Modal, type ModalProps } from '@mantine/core';
import { useEscapeLayer } from './context';

export type BusyModalProps = Omit<ModalProps, 'opened' | 'closeOnEscape' | 'closeOnClickOutside' | 'withCloseButton' | 'closeButtonProps'> & {
  /** A request is in flight: nothing closes the dialog. Plain dialogs pass false. */
  busy?: boolean;
  opened?: boolean;
  /** Accessible name of the close button ('Close' unless given). */
  closeLabel?: string;
};

export function BusyModal({ busy = false, onClose, opened = true, closeLabel = 'Close', ...props }: BusyModalProps) {
  useEscapeLayer('dialog', opened, () => { if (!busy) onClose(); });
  return (
    <Modal
      opened={opened}
      onClose={() => { if (!busy) onClose(); }}
      centered
      closeOnEscape={false}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': closeLabel }}
      {...props}
    />
  );
}
