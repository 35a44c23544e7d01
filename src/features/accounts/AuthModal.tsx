// The 'auth' modal: login, signup and logout in one Mantine modal,
// driven by machines/auth.ts. Enter submits unless busy; it cannot be closed while busy;
// closing clears the fields and the bot-check token; login <-> signup switches after 300 ms.
// Sign-up first asks the age screen (AgeScreen.tsx; docs/domain/age.md), then shows the spec's
// form as it is, and sends the answer with it.
import { Anchor, Button, Divider, Group, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';

import { fromPromise } from 'xstate';
import { authMachine, fieldProblems, validate, type AuthMode, type AuthRequest } from '../../../machines/auth';
import type { OverlayProps } from '../../overlays/types';
import { showToast } from '../../ui/toast';
import { authenticate, useAuthAnswer } from './api/authRequests';
import { usePublicConfig } from './api/publicConfig';
import { BotCheck, BotCheckProblem } from './BotCheck';
import { hasProviderButtons, ProviderButtons } from './ProviderButtons';
import { useHost } from '../../host-bridge/host';
import { useHostLogin } from './useHostLogin';
import { HostAccountAnswer, hostAccountText } from './hostAccount';
import './AuthModal.css';
import { BusyModal } from '../../overlays/BusyModal';
import { t as tr } from '../../i18n';
import { AGE_TEXT, AUTH_TEXT } from '../../i18n/texts';
import { localServerText } from '../../i18n/serverTexts';
import { ageVerdict } from '../../../contract/age';
import { AgeScreen } from '../../ui/AgeScreen';

/** Set for the tab's life once a sign-up's birth date allowed no account (the FTC's advice: a
 * child does not just go back and enter another date). Nothing is sent or kept elsewhere. */
export const SIGNUP_REFUSED_KEY = 'tripshell.signupAgeRefused';
const signUpRefused = () => { try { return sessionStorage.getItem(SIGNUP_REFUSED_KEY) === '1'; } catch { return false; } };
const rememberRefusal = () => { try { sessionStorage.setItem(SIGNUP_REFUSED_KEY, '1'); } catch { /* storage off: the refusal still shows now */ } };

export const SWITCH_DELAY_MS = 300;

/**
 * The login title's waving hand, drawn: an emoji needs an emoji font, and without one (many
 * Linux and kiosk machines) the title read "Welcome back□". Decorative, so hidden from readers.
 */
function WaveIcon() {
  return (
    <span className="auth-wave" aria-hidden="true" data-testid="auth-wave">
      <svg viewBox="0 0 24 24" width="1em" height="1em" focusable="false">
        <path fill="#f5c542" stroke="#b7791f" strokeWidth="0.8" strokeLinejoin="round"
          d="M8.2 20.5c-2.3-1.6-4.4-4.6-5.4-6.6-.5-1 .3-1.9 1.2-1.5.7.3 1.6 1.4 2.5 2.4L3.9 7.2c-.3-.9.9-1.5 1.5-.7l3.1 5.6-1.7-7.7c-.2-.9 1-1.4 1.5-.6l2.6 6.9-.4-7.6c0-.9 1.3-1.1 1.5-.2l1.6 7.6.6-5.4c.1-.9 1.4-.9 1.5 0 .3 2.6.2 5.9-.1 8.1-.3 2.5.9 3.9 1.6 5.2.6 1.1-.1 2.5-1.4 2.9-2.8.8-5.7 1.3-7.5 0z" />
        <path fill="none" stroke="#8ecae6" strokeWidth="1.4" strokeLinecap="round" d="M17.5 3.2c1.4.5 2.4 1.6 2.8 3M19 1.3c2 .7 3.4 2.2 3.9 4.2" />
      </svg>
    </span>
  );
}
/** The submit button's text while it waits for the background bot check. */
export const VERIFYING_TEXT = 'Verifying…';

const providedMachine = authMachine.provide({
  actors: { authenticate: fromPromise<unknown, AuthRequest>(({ input }) => authenticate(input)) },
});

/** On the portal (and, first, in a Discord Activity) login goes through the host, not a form. */
function HostLogin({ fallback, onClose }: { fallback: () => void; onClose: () => void }) {
  const host = useHost();
  const { run } = useHostLogin();
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current || !host.adapter) return;
    ran.current = true;
    // A player who declined Discord's authorization is not asked again unasked: the form shows,
    // and its Discord button asks when pressed.
    if (host.kind === 'discord' && host.adapter.loginDeclined?.()) { fallback(); return; }
    void run().then((result) => {
      // The portal shows no modal whatever happens; an Activity player whose Discord login
      // failed may still use a password.
      if (host.kind === 'discord' && result === 'failed') fallback();
      else if (result !== 'decision') onClose();
    });
  }, [host, run, fallback, onClose]);
  return null;
}

export default function AuthModal(props: OverlayProps<'auth'>) {
  const host = useHost();
  const [viaHost, setViaHost] = useState(() => host.kind === 'crazygames' ? props.payload.mode !== 'logout' : host.kind === 'discord' && props.payload.mode === 'login');
  const fallback = useCallback(() => setViaHost(false), []);
  // The host's account is the way out there (the portal's full launch): the game's own Log Out
  // gets a text naming the host, never our logout (which left the player a guest in the game
  // while the portal still showed them signed in).
  if (host.accountName && props.payload.mode === 'logout') return <HostAccountAnswer message={hostAccountText.noLogout(host.accountName)} onClose={props.onClose} />;
  // A guest-only host (Poki) forbids other log-ins: every way in answers with its text, no form.
  if (host.guestOnlyName && props.payload.mode !== 'logout') return <HostAccountAnswer message={hostAccountText.guestOnly(host.guestOnlyName)} onClose={props.onClose} />;
  if (viaHost) return <HostLogin fallback={fallback} onClose={props.onClose} />;
  return <AuthForm {...props} />;
}

function AuthForm({ payload, onClose }: OverlayProps<'auth'>) {
  const host = useHost();
  const [state, send] = useMachine(providedMachine, { input: { mode: payload.mode } });
  const mode = state.context.mode;
  const busy = state.matches('busy');
  const applyAnswer = useAuthAnswer();
  const configQuery = usePublicConfig();
  const [opened, setOpened] = useState(true);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // After the first Log In / Sign Up press, each field says what is wrong with it, all at once.
  const [attempted, setAttempted] = useState(false);
  // Sign-up's age step: the answer (kept only for this form's life), or the refusal.
  const [birthDate, setBirthDate] = useState<string | null>(null);
  const [refused, setRefused] = useState(signUpRefused);
  // The bot check solves in the background from the moment the form shows: `checking`
  // while it runs, `waiting` when Log In / Sign Up was pressed meanwhile (sent once it is done).
  const [checking, setChecking] = useState(true);
  const [waiting, setWaiting] = useState(false);
  const switchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(switchTimer.current), []);

  // A used token is worthless: whenever the machine resets the widget, forget ours too.
  useEffect(() => { setToken(''); setChecking(true); }, [state.context.botCheckResets]);

  useEffect(() => {
    if (!state.matches('success')) return;
    // The operation stores who is playing now and tells the game; this modal greets and closes.
    const player = applyAnswer(state.context.result);
    if (mode === 'logout') showToast({ message: AUTH_TEXT.loggedOut, tone: 'success', area: 'auth' });
    else if (mode === 'login') showToast({ message: tr('accounts.AuthModal.welcomeBackName', { name: player?.username ?? username }), tone: 'success', area: 'auth' });
    else showToast({ message: tr('accounts.AuthModal.welcomeName', { name: player?.username ?? username }), tone: 'success', area: 'auth' });
    onClose();
  }, [state, mode, username, applyAnswer, onClose]);

  const clear = () => {
    setUsername(''); setPassword(''); setConfirmPassword(''); setToken(''); setProblem(null); setWaiting(false); setBirthDate(null); setAttempted(false);
  };
  const answerAge = (date: string) => {
    if (ageVerdict(date) === 'under_13') { rememberRefusal(); setRefused(true); return; }
    setBirthDate(date);
  };
  const close = () => {
    if (busy) return;
    clear();
    send({ type: 'RESET' });
    onClose();
  };
  const switchTo = (next: AuthMode) => {
    if (busy) return;
    setOpened(false);
    clearTimeout(switchTimer.current);
    switchTimer.current = setTimeout(() => {
      clear();
      send({ type: 'RESET' });
      send({ type: 'SET_MODE', mode: next });
      setOpened(true);
    }, SWITCH_DELAY_MS);
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || waiting) return;
    const submission = { username, password, confirmPassword, token, ...(birthDate ? { birthDate } : {}) };
    setAttempted(true);
    // A form that is fine but for the check still running waits for it, then goes by itself.
    if (mode !== 'logout' && !token && checking && validate(mode, { ...submission, token: 'pending' }) === null) {
      setWaiting(true);
      return;
    }
    send({ type: 'SUBMIT', submission });
  };
  useEffect(() => {
    if (!waiting) return;
    if (token) {
      setWaiting(false);
      send({ type: 'SUBMIT', submission: { username, password, confirmPassword, token, ...(birthDate ? { birthDate } : {}) } });
    } else if (!checking) setWaiting(false); // the check failed: its text shows
  }, [waiting, token, checking, username, password, confirmPassword, birthDate, send]);

  // The form's checks (machines/auth.ts) answer with the contract's English: said in the player's language.
  const rawError = state.context.error ?? problem;
  const fields = attempted ? fieldProblems(mode, { username, password, confirmPassword }) : {};
  const fieldError = (field: keyof typeof fields) => (fields[field] ? localServerText(fields[field]) : undefined);
  // A problem a field already shows is not said again at the bottom of the form.
  const error = rawError === null || Object.values(fields).includes(rawError) ? null : localServerText(rawError);
  const logoutError = rawError === null ? null : localServerText(rawError);
  const config = configQuery.data;
  const configState = configQuery.isPending ? 'pending' as const : configQuery.isError ? 'failed' as const : 'answered' as const;

  return (
    <BusyModal
      busy={busy}
      opened={opened}
      onClose={close}
      title={<Title order={3} component="span">{tr(`accounts.AuthModal.title.${mode}`)}{mode === 'login' && <WaveIcon />}</Title>}
    >
      {mode === 'signup' && refused ? (
        <Stack data-testid="signup-refused">
          <Text role="alert">{AGE_TEXT.tooYoung}</Text>
          <Text size="sm" c="dimmed">{tr('age.refusedMore')}</Text>
          <Group justify="flex-end"><Button onClick={close}>{tr('age.close')}</Button></Group>
        </Stack>
      ) : mode === 'signup' && birthDate === null ? (
        <Stack>
          <AgeScreen onAnswer={answerAge} />
          <Text size="sm" ta="center">
            {tr('accounts.AuthModal.alreadyHaveAnAccount')}
            <Anchor component="button" type="button" onClick={() => switchTo('login')}>{tr('accounts.AuthModal.login')}</Anchor>
          </Text>
        </Stack>
      ) : mode === 'logout' ? (
        <Stack>
          <Text>{tr('accounts.AuthModal.areYouSureYouWant')}</Text>
          {logoutError && <Text c="red" size="sm" role="alert">{logoutError}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>{tr('accounts.AuthModal.cancel')}</Button>
            <Button color="red" onClick={() => submit()} loading={busy}>{tr('accounts.AuthModal.logout')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label={tr('accounts.AuthModal.username')} description={mode === 'signup' ? AUTH_TEXT.usernameHint : undefined} autoComplete="username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} disabled={busy} error={fieldError('username')} data-autofocus />
            <PasswordInput label={tr('accounts.AuthModal.password')} description={mode === 'signup' ? AUTH_TEXT.passwordHint : undefined} autoComplete={mode === 'login' ? 'current-password' : 'new-password'} value={password} onChange={(e) => setPassword(e.currentTarget.value)} disabled={busy} error={fieldError('password')} />
            {mode === 'signup' && (
              <PasswordInput label={tr('accounts.AuthModal.confirmPassword')} autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.currentTarget.value)} disabled={busy} error={fieldError('confirmPassword')} />
            )}
            <BotCheck
              config={config?.botCheck}
              resetKey={state.context.botCheckResets}
              onToken={(t) => { setToken(t); setProblem(null); setChecking(false); }}
              onProblem={(text) => { setToken(''); setProblem(text); setChecking(false); }}
              onSolving={() => { setToken(''); setChecking(true); }}
            />
            <BotCheckProblem text={error} />
            <Button type="submit" loading={busy} disabled={waiting} aria-busy={waiting || busy} leftSection={waiting ? <Loader size={14} /> : undefined} fullWidth>
              {waiting ? tr('accounts.verifying') : mode === 'login' ? tr('accounts.AuthModal.login') : tr('accounts.AuthModal.signUp')}
            </Button>
            {mode === 'login' && hasProviderButtons(config?.discord, configState, host.kind) && (
              <>
                <Divider label={tr('accounts.AuthModal.or')} labelPosition="center" />
                <ProviderButtons discord={config?.discord} config={configState} disabled={busy} onDone={onClose} />
              </>
            )}
            <Text size="sm" ta="center">
              {mode === 'login' ? tr('accounts.AuthModal.donTHaveAnAccount') : tr('accounts.AuthModal.alreadyHaveAnAccount')}
              <Anchor component="button" type="button" onClick={() => switchTo(mode === 'login' ? 'signup' : 'login')}>
                {mode === 'login' ? tr('accounts.AuthModal.signUp2') : tr('accounts.AuthModal.login')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </BusyModal>
  );
}
