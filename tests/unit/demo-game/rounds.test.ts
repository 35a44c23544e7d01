// The demo game's rounds (demo-game/src/round.ts): a signed-in player's round is started on the
// local demo game server and finished when its time is up, with the shell's client header and
// the page's own session (never a game-server key); a guest or a server without it plays unpaid.
// The game hears each round's end and start (it leaves play in between).
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_HEADER } from '../../../contract/http';
import { createRounds } from '../../../demo-game/src/round';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function harness(answers: (url: string) => Response) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const timers: Array<() => void> = [];
  const lines: string[] = [];
  const phases: string[] = [];
  const rounds = createRounds({
    log: (line) => lines.push(line),
    onRound: (phase) => phases.push(phase),
    fetch: (async (url: string, init?: RequestInit) => { calls.push({ url, init }); return answers(url); }) as typeof fetch,
    setTimer: (fn) => { timers.push(fn); return timers.length; },
    clearTimer: () => undefined,
    now: () => Date.parse('2026-01-01T00:00:00Z'),
  });
  return { rounds, calls, timers, lines, phases };
}

describe('demo game rounds', () => {
  it('starts a round for a signed-in player, finishes it when its time is up, and starts the next', async () => {
    let n = 0;
    const h = harness((url) => (url.endsWith('/finish')
      ? json(200, { tripcoins: '5', xp: 250, balance: 5, level: 1, replayed: false })
      : json(200, { roundId: `r${++n}`, endsAt: '2026-01-01T00:01:00Z', seconds: 60, tripcoins: '5', xp: 250 })));
    h.rounds.player('alice');
    await vi.waitFor(() => expect(h.rounds.state().current?.roundId).toBe('r1'));
    expect(h.calls[0]).toMatchObject({ url: '/api/demo-game-server/rounds', init: { method: 'POST', credentials: 'same-origin', headers: { [CLIENT_HEADER]: '1' } } });
    expect(JSON.stringify(h.calls[0]?.init)).not.toMatch(/authorization|bearer/i);
    h.rounds.player('alice');
    expect(h.calls).toHaveLength(1);
    h.timers.at(-1)?.();
    await vi.waitFor(() => expect(h.rounds.state().current?.roundId).toBe('r2'));
    expect(h.calls[1]?.url).toBe('/api/demo-game-server/rounds/r1/finish');
    expect(h.rounds.state().paid).toEqual([{ roundId: 'r1', tripcoins: '5', xp: 250, balance: 5, level: 1 }]);
    expect(h.lines).toContain('Round over: +250 XP, +Ŧ5 (balance Ŧ5, level 1)');
    // The game is out of play from a round's end until the next one starts (it tells the host).
    expect(h.phases).toEqual(['started', 'over', 'started']);
  });

  it('plays unpaid for a guest (401) and where the server has no demo game server (404), saying so once', async () => {
    const guest = harness(() => json(401, { error: 'Not logged in' }));
    guest.rounds.player('Guest');
    await vi.waitFor(() => expect(guest.rounds.state().unpaid).toBe('signedOut'));
    const off = harness(() => json(404, { error: 'Not found' }));
    off.rounds.player('bob');
    await vi.waitFor(() => expect(off.rounds.state().unpaid).toBe('off'));
    expect(off.rounds.state().current).toBeNull();
    expect(off.lines).toEqual(['Rounds are not paid on this server']);
  });
});
