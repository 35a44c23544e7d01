// Every write asks why: a dialog with the action's own fields and a required reason. The
// attempt's Idempotency-Key is made when it opens and kept until it closes, so pressing the
// button again after a lost answer repeats the same attempt, never a second one.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { errorText } from '../api/errors';
import { newAttempt } from './api';

export interface ReasonModalProps {
  opened: boolean;
  title: string;
  confirm: string;
  danger?: boolean;
  children?: ReactNode;
  /** False while the action's own fields are not valid (the server checks again). */
  ready?: boolean;
  onClose(): void;
  onSubmit(reason: string, attempt: string): Promise<unknown>;
}

export function ReasonModal({ opened, title, confirm, danger, children, ready = true, onClose, onSubmit }: ReasonModalProps) {
  const [reason, setReason] = useState('');
  const [attempt, setAttempt] = useState(newAttempt);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) { setReason(''); setError(null); setAttempt(newAttempt()); }
  }, [opened]);
  const tooShort = reason.trim().length < 3;
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit(reason.trim(), attempt);
      onClose();
    } catch (e) {
      setError(errorText(e, 'The server refused it'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="sm">
        {children}
        <Textarea label="Reason (kept in the audit log)" required autosize minRows={2} value={reason}
          onChange={(e) => setReason(e.currentTarget.value)} error={reason && tooShort ? 'At least 3 characters' : undefined} data-autofocus />
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button color={danger ? 'red' : undefined} disabled={tooShort || !ready} loading={busy} onClick={() => void submit()}>{confirm}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
