import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { AUTH_TEXT } from '../../../contract/auth';
import { authMachine, type AuthMode, type AuthRequest, type AuthSubmission } from '../../../machines/auth';

const filled: AuthSubmission = { username: 'alice', password: 'secret1', confirmPassword: 'secret1', token: 'tok' };

function start(mode: AuthMode, run: (req: AuthRequest) => Promise<unknown>) {
  const seen: AuthRequest[] = [];
  const machine = authMachine.provide({
    actors: { authenticate: fromPromise<unknown, AuthRequest>(({ input }) => { seen.push(input); return run(input); }) },
  });
  const actor = createActor(machine, { input: { mode } }).start();
  return { actor, seen };
}

describe('auth machine guards', () => {
  it('refuses empty credentials, mismatched passwords and a missing bot-check token', () => {
    const { actor, seen } = start('signup', () => Promise.resolve({}));
    actor.send({ type: 'SUBMIT', submission: { ...filled, username: ' ' } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe(AUTH_TEXT.missingCredentials);
    actor.send({ type: 'SUBMIT', submission: { ...filled, confirmPassword: 'other' } });
    expect(actor.getSnapshot().context.error).toBe(AUTH_TEXT.passwordsDoNotMatch);
    actor.send({ type: 'SUBMIT', submission: { ...filled, token: '' } });
    expect(actor.getSnapshot().context.error).toBe(AUTH_TEXT.botCheckMissing);
    expect(seen).toHaveLength(0);
  });

  it('names what is wrong with an over-long or badly formed value before any request (keeping the bot check)', () => {
    const { actor, seen } = start('signup', () => Promise.resolve({}));
    const cases: Array<[Partial<AuthSubmission>, string]> = [
      [{ username: 'x'.repeat(200) }, AUTH_TEXT.usernameTooLong],
      [{ password: 'p'.repeat(500), confirmPassword: 'p'.repeat(500) }, AUTH_TEXT.passwordTooLong],
      [{ username: 'has space' }, AUTH_TEXT.usernameRule],
      [{ password: '12345', confirmPassword: '12345' }, AUTH_TEXT.signupPasswordTooShort],
      [{ password: '       ', confirmPassword: '       ' }, AUTH_TEXT.passwordBlank],
    ];
    for (const [change, text] of cases) {
      actor.send({ type: 'SUBMIT', submission: { ...filled, ...change } });
      expect(actor.getSnapshot().context.error).toBe(text);
    }
    expect(actor.getSnapshot().context.botCheckResets).toBe(0);
    expect(seen).toHaveLength(0);
    const login = start('login', () => Promise.resolve({}));
    login.actor.send({ type: 'SUBMIT', submission: { ...filled, username: 'x'.repeat(200) } });
    expect(login.actor.getSnapshot().context.error).toBe(AUTH_TEXT.usernameTooLong);
  });

  it('does not compare the confirmation on login', async () => {
    const { actor } = start('login', () => Promise.resolve({ username: 'alice' }));
    actor.send({ type: 'SUBMIT', submission: { ...filled, confirmPassword: '' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.result).toEqual({ username: 'alice' });
  });
});

describe('auth machine requests', () => {
  it('is busy while the request runs and ignores a second submit', async () => {
    let release: (v: unknown) => void = () => undefined;
    const { actor, seen } = start('login', () => new Promise((r) => { release = r; }));
    actor.send({ type: 'SUBMIT', submission: filled });
    expect(actor.getSnapshot().value).toBe('busy');
    actor.send({ type: 'SUBMIT', submission: filled });
    expect(seen).toHaveLength(1);
    release({});
    await waitFor(actor, (s) => s.matches('success'));
  });

  it.each([
    ['login', AUTH_TEXT.loginFailed],
    ['signup', AUTH_TEXT.registerFailed],
    ['logout', AUTH_TEXT.logoutFailed],
  ] as const)('on %s failure without a server text shows the fallback and resets the bot check', async (mode, text) => {
    const { actor } = start(mode, () => Promise.reject({ kind: 'server' }));
    actor.send({ type: 'SUBMIT', submission: filled });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.error).toBe(text);
    expect(actor.getSnapshot().context.botCheckResets).toBe(1);
  });

  it('shows the server text and the network text', async () => {
    const server = start('login', () => Promise.reject({ kind: 'server', text: AUTH_TEXT.invalidCredentials })).actor;
    server.send({ type: 'SUBMIT', submission: filled });
    await waitFor(server, (s) => s.matches('idle'));
    expect(server.getSnapshot().context.error).toBe(AUTH_TEXT.invalidCredentials);

    const network = start('signup', () => Promise.reject({ kind: 'network' })).actor;
    network.send({ type: 'SUBMIT', submission: filled });
    await waitFor(network, (s) => s.matches('idle'));
    expect(network.getSnapshot().context.error).toBe(AUTH_TEXT.network);
  });

  it('logout needs no fields; mode switch and reset clear the error', async () => {
    const { actor, seen } = start('login', () => Promise.resolve({}));
    actor.send({ type: 'SUBMIT', submission: { ...filled, password: '' } });
    expect(actor.getSnapshot().context.error).not.toBeNull();
    actor.send({ type: 'SET_MODE', mode: 'logout' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context.botCheckResets).toBe(1);
    actor.send({ type: 'SUBMIT', submission: { username: '', password: '', confirmPassword: '', token: '' } });
    await waitFor(actor, (s) => s.matches('success'));
    expect(seen[0]?.mode).toBe('logout');
  });
});
