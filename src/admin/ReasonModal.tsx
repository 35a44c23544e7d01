// Every write asks why: a dialog with the action's own fields and a required reason. The
// attempt's Idempotency-Key is made when it opens and kept until it closes, so pressing the
// button again after a lost answer repeats the same attempt, never a second one. When the server
// asks for the admin's password again (it does every few minutes), the dialog shows a password
// field; confirming types it in (POST /api/admin/reauth) and retries the same attempt.
// A write the player is told about (`tellsPlayer`) also takes a message for the player, apart
// from the reason: only the message reaches them, and it may stay empty.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Textarea } from '@mantine/core';
import { REAUTH_REQUIRED } from '../../contract/admin';
import { ApiError } from '../api/client';
import { errorText } from '../api/errors';
import { newAttempt, reauthenticate } from './api';

export interface ReasonModalProps {
  opened: boolean;
  title: string;
  confirm: string;
  danger?: boolean;
  children?: ReactNode;
  /** False while the action's own fields are not valid (the server checks again). */
  ready?: boolean;
  /** The player is told about this write: ask for a message to them (optional) beside the reason. */
  tellsPlayer?: boolean;
  onClose(): void;
  onSubmit(reason: string, attempt: string, playerMessage: string): Promise<unknown>;
}

export function ReasonModal({ opened, title, confirm, danger, children, ready = true, tellsPlayer = false, onClose, onSubmit }: ReasonModalProps) {
  const [reason, setReason] = useState('');
  const [playerMessage, setPlayerMessage] = useState('');
  const [attempt, setAttempt] = useState(newAttempt);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The server asked for the password: its words, shown above the field. */
  const [askPassword, setAskPassword] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (opened) { setReason(''); setPlayerMessage(''); setError(null); setAttempt(newAttempt()); setAskPassword(null); setPassword(''); }
  }, [opened]);
  const tooShort = reason.trim().length < 3;
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      if (askPassword !== null) {
        await reauthenticate(password);
        setAskPassword(null);
        setPassword('');
      }
      await onSubmit(reason.trim(), attempt, tellsPlayer ? playerMessage.trim() : '');
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.code === REAUTH_REQUIRED) setAskPassword(e.message);
      else setError(errorText(e, 'The server refused it'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="sm">
        {children}
        {tellsPlayer && (
          <Textarea label="Message to the player (optional)" description="The only text the player sees, with the notice in their language. Leave it empty to send the notice alone."
            autosize minRows={2} maxLength={200} value={playerMessage} onChange={(e) => setPlayerMessage(e.currentTarget.value)} data-testid="player-message" />
        )}
        <Textarea label="Reason (kept in the audit log, never shown to the player)" required autosize minRows={2} value={reason}
          onChange={(e) => setReason(e.currentTarget.value)} error={reason && tooShort ? 'At least 3 characters' : undefined} data-autofocus />
        {askPassword !== null && (
          <PasswordInput label="Your password" description={askPassword} required autoComplete="current-password" value={password}
            onChange={(e) => setPassword(e.currentTarget.value)} data-autofocus
            onKeyDown={(e) => { if (e.key === 'Enter' && password && !tooShort && ready) void submit(); }} />
        )}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button color={danger ? 'red' : undefined} disabled={tooShort || !ready || (askPassword !== null && !password)} loading={busy} onClick={() => void submit()}>
            {askPassword !== null ? `${confirm} with password` : confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
