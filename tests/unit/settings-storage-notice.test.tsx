// Where the browser refuses localStorage and no host storage or account keeps the settings, the
// settings overlay says once that they last only for this visit.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER } from '../../contract/auth';
import { currentUserQuery } from '../../src/api/currentUser';
import SettingsOverlayEntry from '../../src/app/overlay-registry/SettingsOverlayEntry';

const STORAGE_NOTICE = 'Your settings last only for this visit: this browser does not let the game keep them here. Log in to keep them with your account.';
import { renderWithShell, testQueryClient } from '../support/render';

const refuse = () => vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => { throw new DOMException('blocked', 'SecurityError'); });
function open(user: typeof ANONYMOUS_USER) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(currentUserQuery.queryKey, user);
  return renderWithShell(<SettingsOverlayEntry payload={{}} onClose={() => undefined} />, { queryClient });
}

describe('the settings overlay where settings last only for this visit', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('says nothing where the browser keeps them, or to a logged-in player (the account keeps them)', () => {
    const first = open(ANONYMOUS_USER);
    expect(screen.queryByText(STORAGE_NOTICE)).toBeNull();
    first.unmount();
    refuse();
    open({ uuid: 'u-1', username: 'alice', verified: 1, isAdmin: false });
    expect(screen.queryByText(STORAGE_NOTICE)).toBeNull();
  });

  it('tells a logged-out player once: closed, it stays closed for the visit', () => {
    refuse();
    const first = open(ANONYMOUS_USER);
    expect(screen.getByText(STORAGE_NOTICE)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close this note' }));
    expect(screen.queryByText(STORAGE_NOTICE)).toBeNull();
    first.unmount();
    open(ANONYMOUS_USER);
    expect(screen.queryByText(STORAGE_NOTICE)).toBeNull();
  });
});
