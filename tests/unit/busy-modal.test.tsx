// The busy rule of every modal that sends a request (src/overlays/BusyModal.tsx): while a request is
// in flight the modal has no close button, Escape neither closes it nor reaches the overlay
// host listening on the document, and onClose is never called; once idle all three work again.
import { Button } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusyModal } from '../../src/overlays/BusyModal';
import { renderWithShell } from '../support/render';

function Harness({ onClose }: { onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <BusyModal busy={busy} onClose={onClose} title="Wager">
      <Button onClick={() => setBusy((b) => !b)}>{busy ? 'Finish' : 'Start'}</Button>
    </BusyModal>
  );
}

const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape', code: 'Escape' });

describe('BusyModal', () => {
  let hostSaw: string[] = [];
  const host = (event: KeyboardEvent) => { hostSaw.push(event.key); };
  afterEach(() => { document.removeEventListener('keydown', host); hostSaw = []; });

  it('cannot be closed while busy, and closes normally when idle', async () => {
    document.addEventListener('keydown', host);
    const onClose = vi.fn();
    renderWithShell(<Harness onClose={onClose} />);
    await screen.findByRole('dialog', { name: 'Wager' });
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    escape();
    expect(onClose).not.toHaveBeenCalled();
    expect(hostSaw).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    escape();
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(hostSaw).toEqual([]);
  });
});
