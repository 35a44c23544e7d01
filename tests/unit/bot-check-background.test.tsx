// The bot check never makes the player wait for nothing: it starts when the
// modal opens; Log In pressed while it runs waits ("Verifying…") and then submits by itself;
// a failed solve is retried once silently before the spec's error shows. Turnstile stands in
// for the widget (its script is faked here), so the test drives success and failure.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TEXT } from '../../contract/auth';
import AuthModal, { VERIFYING_TEXT } from '../../src/features/accounts/AuthModal';
import { renderWithPublicConfig, typeInto } from '../support/render';

interface Rendered { callback(token: string): void; 'error-callback'(): void }
const rendered: Rendered[] = [];

function fakeTurnstile() {
  rendered.length = 0;
  window.turnstile = {
    render: (_el: HTMLElement, options: Record<string, unknown>) => { rendered.push(options as unknown as Rendered); return `w${rendered.length}`; },
    remove: () => undefined,
  };
  // loadTurnstile waits for its script's load event, which jsdom never fires by itself.
  const fire = () => document.head.querySelectorAll('script[src*="turnstile"]').forEach((s) => s.dispatchEvent(new Event('load')));
  return fire;
}

afterEach(() => { vi.restoreAllMocks(); });

describe('the background bot check', () => {
  it('Login pressed while the check runs waits for it, then sends the form with its token', async () => {
    const fire = fakeTurnstile();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ status: 'ok', uuid: 'u1', username: 'alice', verified: 1, isAdmin: false, accountCreatedAt: '2026-01-01T00:00:00.000Z', lastLoginAt: null, preferred_address: null, hasPassword: true }), { status: 200, headers: { 'content-type': 'application/json' } }));
    renderWithPublicConfig(<AuthModal payload={{ mode: 'login' }} onClose={() => undefined} />);
    fire();
    await waitFor(() => expect(rendered.length).toBe(1));
    typeInto('Username', 'alice');
    typeInto(/^Password/, 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('button', { name: VERIFYING_TEXT })).toBeDisabled();
    expect(fetchSpy).not.toHaveBeenCalled();
    act(() => rendered[0]!.callback('token-1'));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toContain('/api/login');
    expect(JSON.parse(String(init?.body))).toMatchObject({ username: 'alice', password: 'secret1', turnstile_token: 'token-1' });
  });

  it('retries a failed solve once by itself, then shows the spec error', async () => {
    const fire = fakeTurnstile();
    renderWithPublicConfig(<AuthModal payload={{ mode: 'login' }} onClose={() => undefined} />);
    fire();
    await waitFor(() => expect(rendered.length).toBe(1));
    act(() => rendered[0]!['error-callback']());
    fire();
    await waitFor(() => expect(rendered.length).toBe(2));
    expect(screen.queryByText(AUTH_TEXT.botCheckFailed)).toBeNull();
    act(() => rendered[1]!['error-callback']());
    expect(await screen.findByText(AUTH_TEXT.botCheckFailed)).toBeInTheDocument();
  });
});
