// Transfer Items: SHOW_MARKETPLACE_MODAL with modalType 'transfer'.
// The recipient is picked from a player search that runs on Enter (limit 5); editing the text
// clears the pick. Quantity within what the player owns; never to yourself. The item picker
// has the first focus but opens only when asked (as in List Item for Sale).
import { Badge, Button, Group, Select, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState, type FormEvent, type KeyboardEvent } from 'react';

import { economyToast } from '../../ui/toast';
import { useCurrentUser } from '../../api/currentUser';
import { errorText } from '../../api/errors';
import { searchPlayers } from '../../api/players';
import { useTransferItems } from './api/transferItems';
import { useTradeStatus } from '../../api/tradeStatus';
import { holdFor, TradeHoldNotice } from '../../ui/TradeHoldNotice';
import { ItemSprite } from './ItemSprite';
import { OwnedQuantityInput } from './OwnedQuantityInput';
import { itemOptions, useOwnedItems } from './useOwnedItems';
import { transferError } from './validation';
import classes from './market.module.css';
import { BusyModal } from '../../overlays/BusyModal';
import { LogInPrompt } from './LogInPrompt';
import { t } from '../../i18n';
import { localServerText } from '../../i18n/serverTexts';
import { ECONOMY_TEXT } from '../../i18n/texts';

interface Player { uuid: string; username: string }

export function TransferModal({ initialItemUuid, onClose }: { initialItemUuid?: string; onClose: () => void }) {
  const { items, loading, loggedOut } = useOwnedItems();
  const { user: me } = useCurrentUser();
  const [itemUuid, setItemUuid] = useState<string | null>(initialItemUuid ?? null);
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<Player[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [recipient, setRecipient] = useState<Player | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [error, setError] = useState<string | null>(null);
  const transfer = useTransferItems({
    onSuccess: (answer) => {
      economyToast('success', localServerText(answer.message));
      onClose();
    },
    onError: (failure) => {
      const text = errorText(failure, ECONOMY_TEXT.transferFailed);
      setError(text);
      economyToast('error', text);
    },
  });
  const busy = transfer.isPending;
  // A hold on giving is shown before the form is filled, and the action waits it out.
  const trade = useTradeStatus(!loggedOut).data;
  const held = holdFor(trade, 'give') !== null;

  const item = items.find((i) => i.uuid === itemUuid) ?? null;
  const owned = item?.quantity ?? 0;

  const runSearch = async () => {
    const text = search.trim();
    if (!text || searching) return;
    setSearching(true);
    try {
      setResults(await searchPlayers(text));
    } catch (failure) {
      setResults(null);
      economyToast('error', errorText(failure, ECONOMY_TEXT.playerNotFound));
    } finally {
      setSearching(false);
    }
  };
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void runSearch();
  };
  const pick = (player: Player) => {
    setRecipient(player);
    setSearch(player.username);
    setResults(null);
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || held) return;
    const invalid = transferError({ itemUuid, recipient, quantity, owned, self: me.uuid !== 'anonymous' ? me : null });
    if (invalid || !recipient || !itemUuid) { setError(invalid ?? ECONOMY_TEXT.transferIncomplete); return; }
    setError(null);
    transfer.mutate({ toPlayerUsername: recipient.username, itemUuid, quantity: Number(quantity) });
  };

  const close = () => { if (!busy) onClose(); };

  return (
    <BusyModal busy={busy} onClose={close} title={t('market.TransferModal.transferItems')}>
      {loggedOut ? <LogInPrompt text={t('market.shop.logInToTransfer')} /> : (
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="gray.5">{t('market.TransferModal.sendItemsFromYourInventory')}</Text>
          <TradeHoldNotice status={trade} action="give" />
          <Select
            label={t('market.TransferModal.item')}
            placeholder={loading ? t('market.TransferModal.loadingInventory') : items.length ? t('market.TransferModal.selectAnItem') : t('market.TransferModal.noItemsToTransfer')}
            data={itemOptions(items)}
            value={itemUuid}
            onChange={(value) => { setItemUuid(value); setError(null); }}
            disabled={busy}
            searchable
            openOnFocus={false}
            nothingFoundMessage={t('market.TransferModal.noSuchItem')}
            leftSection={item ? <ItemSprite uuid={item.uuid} size={22} /> : undefined}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <div>
            <TextInput
              label={t('market.TransferModal.recipient')}
              description={<Text span size="xs" c="gray.5">{t('market.TransferModal.typeAUsernameAndPress')}</Text>}
              placeholder={t('market.TransferModal.username')}
              value={search}
              onChange={(e) => { setSearch(e.currentTarget.value); setRecipient(null); setResults(null); }}
              onKeyDown={onSearchKey}
              disabled={busy}
              autoComplete="off"
              rightSection={searching ? <Text size="xs" c="gray.5">...</Text> : undefined}
            />
            {recipient && <Badge mt={6} color="teal" variant="light" data-testid="transfer-recipient">{t('market.TransferModal.sendingTo', { name: recipient.username })}</Badge>}
            {results && (
              <div className={classes.results} role="group" aria-label={t('market.TransferModal.playersFound')} style={{ marginTop: 6 }}>
                {results.length === 0 && <Text size="sm" c="gray.5">{t('market.TransferModal.noPlayersFound')}</Text>}
                {results.map((player) => (
                  <UnstyledButton key={player.uuid} onClick={() => pick(player)} aria-label={t('market.TransferModal.sendTo', { name: player.username })}
                    style={{ padding: '4px 8px', borderRadius: 4, background: 'var(--mantine-color-dark-5)' }}>
                    <Text size="sm">{player.username}</Text>
                  </UnstyledButton>
                ))}
              </div>
            )}
          </div>
          <OwnedQuantityInput value={quantity} onChange={(value) => { setQuantity(value); setError(null); }} owned={owned} itemPicked={item !== null} disabled={busy} />
          {error && <Text c="red" size="sm" role="alert">{error}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>{t('market.TransferModal.cancel')}</Button>
            <Button type="submit" disabled={busy || held} aria-busy={busy}>{busy ? t('market.TransferModal.transferring') : t('market.TransferModal.transfer')}</Button>
          </Group>
        </Stack>
      </form>
      )}
    </BusyModal>
  );
}
