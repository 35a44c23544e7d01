// The console's own door: a visitor who is not signed in as an admin gets a sign-in form here
// (username and password, the server's bot check solved in the background), never the operator
// commands that make admins. Signed in as a player who is not an admin, they are told so and may
// sign in with another account. Studio-facing, English only.
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CurrentUser, isLoggedIn } from '../../contract/auth';
import { currentUserQuery } from '../api/currentUser';
import { authenticate } from '../features/accounts/api/authRequests';
import { botCheckTokenFor } from '../features/accounts/headlessBotCheck';
import type { AuthFailure } from '../../machines/auth';

const failureText = (failure: unknown): string => {
  const f = failure as AuthFailure;
  if (f?.kind === 'server' && f.text) return f.text;
  return f?.kind === 'network' ? 'The server could not be reached. Try again.' : 'Signing in failed. Try again.';
};

export function AdminSignIn({ signedInAs, mark }: { signedInAs: string | null; mark: string }) {
  const client = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) { setProblem('Type the username and the password of an admin account.'); return; }
    setBusy(true);
    setProblem(null);
    try {
      const token = await botCheckTokenFor(username.trim());
      const answer = CurrentUser.parse(await authenticate({ mode: 'login', submission: { username, password, confirmPassword: password, token } }));
      client.setQueryData(currentUserQuery.queryKey, answer);
      void client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      if (isLoggedIn(answer) && !answer.isAdmin) setProblem(`${answer.username} is not an admin of this studio.`);
    } catch (failure) {
      setProblem(failure instanceof Error ? 'The security check failed. Try again.' : failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" p="md" data-console={mark}>
      <Paper p="xl" w="100%" maw={420} withBorder>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Title order={1} size="h2">Studio console</Title>
            <Text>{signedInAs ? `${signedInAs} is not an admin of this studio. Sign in with an admin account.` : 'Sign in with an admin account.'}</Text>
            <TextInput label="Username" autoComplete="username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} required data-autofocus />
            <PasswordInput label="Password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
            {problem && <Alert color="red" role="alert">{problem}</Alert>}
            <Button type="submit" loading={busy}>Sign in</Button>
            <Anchor href="/">Back to the game</Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
