// The Get TripCoins overlay: the packs this host sells, each with its TripCoins and its price in
// the player's language (the host's own text, else Intl), and a Buy button that runs the host's
// flow through the host API (the same `purchase` call the game makes: the game hears the grant
// too). States: loading, unavailable (a sentence for the reason, Log In where signing in helps and
// the host offers it: the portal's own sign-in for its guests, none where every player is a guest),
// buying, done (+coins and the new balance), cancelled, failed; the checkout's return (the web).
// A balance below zero (a refund after the coins were spent) shows the debt notice.
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { HostAnswer, HostProduct } from '../../../contract/hostApi';
import { useInventory } from '../../api/economy';
import { askHost } from '../../host-bridge/hostCall';
import { getCheckoutReturn, onCheckoutReturn } from '../../host-bridge/purchaseNews';
import { useT } from '../../i18n/react';
import { GuestOnlyNote, offersSignIn, useHost } from '../../host-bridge/host';
import { useAskToLogIn } from '../../overlays/context';
import type { OverlayProps } from '../../overlays/types';
import { formatNumber } from '../../i18n/format';
import { formatTc } from '../../ui/formatTc';
import { OverlayFrame } from '../../ui/OverlayFrame';
import { needsSignIn, unavailableText } from './purchaseText';

type Shop =
  | { kind: 'loading' }
  | { kind: 'closed'; reason: string }
  | { kind: 'open'; products: HostProduct[] };
type Buy =
  | { kind: 'idle' }
  | { kind: 'buying'; productId: string }
  | { kind: 'done'; tripcoins: number; balance: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; reason: string };

export default function GetTripCoinsOverlay({ onClose }: OverlayProps<'getTripCoins'>) {
  const t = useT();
  const host = useHost();
  const { accountName } = host;
  const askToLogIn = useAskToLogIn();
  const inventory = useInventory();
  const [shop, setShop] = useState<Shop>({ kind: 'loading' });
  const [buy, setBuy] = useState<Buy>({ kind: 'idle' });
  const checkout = useSyncExternalStore(onCheckoutReturn, getCheckoutReturn);
  const signedInAs = inventory.data ? 'in' : 'out';

  useEffect(() => {
    let live = true;
    setShop({ kind: 'loading' });
    void askHost({ call: 'products' }).then((answer) => {
      if (!live) return;
      if (answer.status === 'done') setShop({ kind: 'open', products: (answer as HostAnswer<'products'> & { status: 'done' }).value.products });
      else setShop({ kind: 'closed', reason: answer.status === 'unavailable' ? answer.reason : 'cancelled' });
    });
    return () => { live = false; };
  }, [signedInAs]);

  const purchase = async (productId: string) => {
    setBuy({ kind: 'buying', productId });
    const answer = await askHost({ call: 'purchase', productId });
    if (answer.status === 'done') {
      const { tripcoins, balance } = (answer as HostAnswer<'purchase'> & { status: 'done' }).value;
      setBuy({ kind: 'done', tripcoins, balance });
      void inventory.refetch();
    } else if (answer.status === 'cancelled') setBuy({ kind: 'cancelled' });
    else setBuy({ kind: 'failed', reason: answer.reason });
  };

  const balance = inventory.data?.tripcoins;
  const busy = buy.kind === 'buying';
  return (
    <OverlayFrame label={t('purchases.title')} onClose={onClose} testId="get-tripcoins">
      <Stack gap="md" maw={880} mx="auto" w="100%">
        <Text c="dimmed">{t('purchases.intro')}</Text>
        {balance !== undefined && balance < 0 && (
          <Alert color="red" data-testid="purchase-debt">{t('purchases.debt', { amount: formatTc(-balance) })}</Alert>
        )}
        {checkout && (
          <Alert color={checkout.status === 'paid' ? 'green' : checkout.status === 'waiting' ? 'blue' : checkout.status === 'cancelled' ? 'gray' : 'yellow'} data-testid="purchase-return" data-status={checkout.status}>
            {checkout.status === 'waiting' && <Group gap="xs"><Loader size="xs" />{t('purchases.returnWaiting')}</Group>}
            {checkout.status === 'paid' && t('purchases.done', { coins: formatTc(checkout.tripcoins), balance: formatTc(checkout.balance) })}
            {checkout.status === 'expired' && t('purchases.returnExpired')}
            {checkout.status === 'refunded' && t('purchases.returnRefunded')}
            {checkout.status === 'cancelled' && t('purchases.cancelled')}
            {checkout.status === 'failed' && t('purchases.returnSlow')}
          </Alert>
        )}
        {buy.kind === 'done' && (
          <Alert color="green" title={t('purchases.doneTitle')} data-testid="purchase-done">
            {t('purchases.done', { coins: formatTc(buy.tripcoins), balance: formatTc(buy.balance) })}
          </Alert>
        )}
        {buy.kind === 'cancelled' && <Alert color="gray" data-testid="purchase-cancelled">{t('purchases.cancelled')}</Alert>}
        {buy.kind === 'failed' && buy.reason === 'paymentPending' && <Alert color="blue" data-testid="purchase-pending">{unavailableText(buy.reason)}</Alert>}
        {buy.kind === 'failed' && buy.reason !== 'paymentPending' && <Alert color="red" data-testid="purchase-failed">{t('purchases.failed', { reason: unavailableText(buy.reason, accountName) })}</Alert>}
        {buy.kind === 'buying' && <Group gap="xs" data-testid="purchase-buying"><Loader size="sm" /><Text>{t('purchases.buying')}</Text></Group>}
        {shop.kind === 'loading' && <Group gap="xs" data-testid="purchase-loading"><Loader size="sm" /><Text>{t('purchases.loading')}</Text></Group>}
        {shop.kind === 'closed' && (
          <Alert color="yellow" data-testid="purchase-unavailable" data-reason={shop.reason}>
            <Stack gap="xs" align="flex-start">
              {needsSignIn(shop.reason) && !offersSignIn(host) ? <GuestOnlyNote /> : <Text>{unavailableText(shop.reason, accountName)}</Text>}
              {needsSignIn(shop.reason) && offersSignIn(host) && <Button size="xs" onClick={() => askToLogIn('login')} data-testid="purchase-log-in">{accountName ? t('accounts.hostAccount.logInWith', { host: accountName }) : t('purchases.logIn')}</Button>}
            </Stack>
          </Alert>
        )}
        {shop.kind === 'open' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {shop.products.map((p) => (
              <Card key={p.id} withBorder radius="md" padding="lg" data-testid={`pack-${p.id}`}>
                <Stack gap="sm" align="center">
                  <Title order={3}>{t('purchases.pack', { coins: formatNumber(p.tripcoins) })}</Title>
                  <Text size="lg" fw={600} data-testid="pack-price">{p.price}</Text>
                  <Button fullWidth disabled={busy} loading={buy.kind === 'buying' && buy.productId === p.id} onClick={() => void purchase(p.id)}>
                    {t('purchases.buyFor', { price: p.price })}
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </OverlayFrame>
  );
}
