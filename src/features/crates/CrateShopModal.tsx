// The Crate Shop modal, opened by
// SHOW_CRATE_SHOP_MODAL {crateVersionId}: version 0 is the Base Set Crate Shop, 1 the Base Set II
// Crate Shop. Remaining supply as current/total with a bar; a quantity with minus and plus
// (holding repeats every 100 ms; plus capped at the supply, minus floored at 1); balance,
// quantity, price per crate and a total that is green when affordable and red otherwise (neither
// while the balance is unknown, e.g. logged out, where Log In is offered); the
// published drop odds; a Sold Out overlay; Cancel and BUY ('Purchasing...'). A purchase toasts
// top-center and closes the modal; the purchase operation (api/buyCrates.ts) owns its key and
// tells the game (OnBuySuccess {quantity, crateVersionId}).
import { ActionIcon, Alert, Badge, Button, Group, Progress, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title, useMantineTheme } from '@mantine/core';
import { useState } from 'react';
import { CRATE_VERSIONS, type CrateVersionId } from '../../../contract/crates';
import { parseTripcoins } from '../../../contract/money';
import { errorText, isLoggedOutError } from '../../api/errors';
import { localAnswerText } from '../../i18n/serverTexts';
import { formatNumber } from '../../i18n/format';
import { spriteUrl } from '../../api/catalogue';
import type { OverlayProps } from '../../overlays/types';
import { formatTc } from '../../ui/formatTc';
import { economyToast } from '../../ui/toast';
import { useInventory } from '../../api/economy';
import { useBuyCrates } from './api/buyCrates';
import { useCrateStatus } from './api/getCrateStatus';
import { BaseSet2Announcement } from './BaseSet2Announcement';
import { CrateOdds } from './CrateOdds';
import { useHoldRepeat } from './useHoldRepeat';
import classes from './Crates.module.css';
import { BusyModal } from '../../overlays/BusyModal';
import { SignInOffer } from '../../host-bridge/host';
import { useAskToLogIn } from '../../overlays/context';
import { GetTripCoinsButton } from '../../overlays/GetTripCoinsButton';
import { t } from '../../i18n';
import { useDemoRoundTerms } from './api/howToEarn';
import { CRATE_TEXT } from '../../i18n/texts';

/** The quantity input's max attribute, whatever the supply. */
export const QUANTITY_INPUT_MAX = 100;

/** The quantity check, or null when the quantity can be bought. */
export function quantityProblem(text: string, remaining: number): string | null {
  if (!/^\d+$/.test(text.trim())) return CRATE_TEXT.invalidQuantity;
  const quantity = Number(text);
  if (!Number.isSafeInteger(quantity) || quantity < 1) return CRATE_TEXT.invalidQuantity;
  if (quantity > remaining) return CRATE_TEXT.onlyAvailable(remaining);
  return null;
}

const hundredths = (amount: number) => parseTripcoins(amount.toFixed(2)) ?? 0n;

export default function CrateShopModal({ payload, onClose }: OverlayProps<'crateShop'>) {
  const [version, setVersion] = useState<CrateVersionId>(payload.crateVersionId === 1 ? 1 : 0);
  const crate = CRATE_VERSIONS[version] ?? CRATE_VERSIONS[0]!;
  // The supply bar is the theme's (the loading bar's gradient), or its primary colour.
  const { barFill, barGlow } = useMantineTheme().other;
  const status = useCrateStatus(version);
  const otherStatus = useCrateStatus(1, { enabled: version === 0 });
  const inventory = useInventory();
  const [quantityText, setQuantityText] = useState('1');

  const remaining = status.data?.remainingSupply ?? 0;
  const total = status.data?.totalSupply ?? 0;
  const soldOut = status.isSuccess && remaining === 0;
  const price = status.data?.cratePrice ?? 0;
  const balance = inventory.data?.tripcoins;
  const demoRounds = useDemoRoundTerms();
  const loggedOut = isLoggedOutError(inventory.error);
  // Logged out the shop is not a dead end: Log In opens the auth modal.
  const askToLogIn = useAskToLogIn();

  const problem = status.isSuccess ? quantityProblem(quantityText, remaining) : null;
  const quantity = problem === null && /^\d+$/.test(quantityText.trim()) ? Number(quantityText) : 0;
  const cost = hundredths(price) * BigInt(quantity);
  const balanceH = balance === undefined ? null : hundredths(balance);
  const affordable = balanceH !== null && cost <= balanceH;
  const shortBy = balanceH !== null && cost > balanceH ? cost - balanceH : 0n;

  // One purchase at a time (a double click buys once) and one reaction per answer: the
  // operation's.
  const buy = useBuyCrates({
    onSuccess: (result) => {
      // Worded from the codes the server sends (CRATE_PURCHASED {count, name}, CRATE_SPENT {amount}).
      economyToast('success', localAnswerText({ message: result.description, messageText: result.descriptionText }), localAnswerText({ message: result.message, messageText: result.messageText }), 'purchase');
      onClose();
    },
    onError: (error) => economyToast('error', errorText(error, CRATE_TEXT.purchaseFailed)),
  });
  const busy = buy.isPending;

  const setQuantity = (next: (q: number) => number) => setQuantityText((text) => {
    const current = /^\d+$/.test(text.trim()) ? Number(text) : 1;
    return String(next(current));
  });
  const cap = Math.max(1, remaining);
  const minusDisabled = busy || soldOut || !status.isSuccess || quantity === 1;
  const plusDisabled = busy || soldOut || !status.isSuccess || quantity >= remaining;
  const minus = useHoldRepeat(() => setQuantity((q) => Math.max(1, Math.min(q, cap) - 1)), minusDisabled);
  const plus = useHoldRepeat(() => setQuantity((q) => Math.min(cap, Math.max(1, q + 1))), plusDisabled);

  const canBuy = !busy && status.isSuccess && !soldOut && problem === null && quantity >= 1 && affordable && !loggedOut;
  const submit = () => {
    if (!canBuy) return;
    if (balanceH !== null && cost > balanceH) { economyToast('error', CRATE_TEXT.insufficient(balanceH, cost)); return; }
    buy.mutate({ version, quantity });
  };
  const close = () => { if (!busy) onClose(); };
  const switchVersion = (next: CrateVersionId) => {
    if (busy) return;
    setVersion(next);
    setQuantityText('1');
  };

  return (
    <BusyModal
      busy={busy}
      onClose={close}
      size="md"
      title={<Title order={3} component="span">{t('crates.CrateShopModal.title', { name: crate.name })}</Title>}
    >
      <Stack gap="sm" data-testid="crate-shop" data-version={version}>
        <SegmentedControl
          fullWidth
          size="xs"
          aria-label={t('crates.CrateShopModal.crateSet')}
          value={String(version)}
          onChange={(v) => switchVersion(v === '1' ? 1 : 0)}
          disabled={busy}
          data={CRATE_VERSIONS.map((v) => ({ value: String(v.id), label: v.name }))}
        />
        {version === 0 && <BaseSet2Announcement price={otherStatus.data?.cratePrice} onVisit={() => switchVersion(1)} />}

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <div className={classes.crateFrame}>
            <img className={classes.crateImage} src={spriteUrl(crate.crateItemUuid, 512)} alt={t('crates.crateAlt', { name: crate.name })} />
            {status.isSuccess && <Badge className={classes.ownedBadge} variant="filled" color="dark" tt="none">{t('crates.owned', { count: status.data.crateBalance })}</Badge>}
            {soldOut && <div className={classes.soldOut} data-testid="sold-out">{t('crates.CrateShopModal.soldOut')}</div>}
          </div>

          <Stack gap="sm" justify="center">
            <div>
              <Group justify="space-between" mb={4}>
                <Text size="sm" fw={600}>{t('crates.CrateShopModal.remainingSupply')}</Text>
                <Text size="sm" data-testid="remaining-supply">{status.isSuccess ? `${formatNumber(remaining)}/${formatNumber(total)}` : '…'}</Text>
              </Group>
              <Progress value={total > 0 ? (remaining / total) * 100 : 0} color={soldOut ? 'red' : undefined} aria-label={t('crates.CrateShopModal.remainingSupply2')}
                styles={soldOut || !barFill ? undefined : { section: { background: barFill, boxShadow: barGlow } }} data-testid="supply-bar" />
              <Text size="xs" c="dimmed" mt={4} data-testid="quantity-range">{soldOut ? t('crates.CrateShopModal.soldOut') : t('crates.CrateShopModal.minMax', { max: formatNumber(remaining) })}</Text>
            </div>

            <Group gap="xs" align="flex-end" wrap="nowrap">
              <ActionIcon size="lg" variant="default" aria-label={t('crates.CrateShopModal.decreaseQuantity')} disabled={minusDisabled} {...minus}>−</ActionIcon>
              <TextInput
                className={classes.quantityInput}
                label={t('crates.CrateShopModal.quantity')}
                type="number"
                inputMode="numeric"
                min={1}
                max={QUANTITY_INPUT_MAX}
                value={quantityText}
                disabled={busy || soldOut}
                onChange={(e) => setQuantityText(e.currentTarget.value)}
                onKeyDown={(e) => { if (e.key === 'Enter') submit(); }}
                error={problem && status.isSuccess && !soldOut ? problem : undefined}
              />
              <ActionIcon size="lg" variant="default" aria-label={t('crates.CrateShopModal.increaseQuantity')} disabled={plusDisabled} {...plus}>+</ActionIcon>
            </Group>
          </Stack>
        </SimpleGrid>

        {status.isError && <Alert color="red" role="alert">{CRATE_TEXT.shopStatusFailed}</Alert>}
        {loggedOut && (
          <Alert color="yellow" data-testid="crate-log-in">
            <SignInOffer>
              <Group justify="space-between" gap="xs"><Text size="sm">{t('crates.CrateShopModal.logInToBuyCrates')}</Text><Button size="xs" onClick={() => askToLogIn('login')}>{t('crates.CrateShopModal.logIn')}</Button></Group>
            </SignInOffer>
          </Alert>
        )}
        {inventory.isError && !loggedOut && <Alert color="red">{t('crates.CrateShopModal.failedToLoadInventoryPlease')}</Alert>}

        <Stack gap={2} data-testid="crate-summary">
          <div className={classes.summaryRow}><Text size="sm">{t('crates.CrateShopModal.balance')}</Text><Text size="sm" data-testid="crate-balance">{balance === undefined ? '…' : formatTc(balance)}</Text></div>
          <div className={classes.summaryRow}><Text size="sm">{t('crates.CrateShopModal.quantity')}</Text><Text size="sm">{quantity}</Text></div>
          <div className={classes.summaryRow}><Text size="sm">{t('crates.CrateShopModal.pricePerCrate')}</Text><Text size="sm" data-testid="crate-price">{status.isSuccess ? formatTc(price) : '…'}</Text></div>
          <div className={classes.summaryRow}>
            <Text size="sm" fw={700}>{t('crates.CrateShopModal.totalCost')}</Text>
            <Text size="sm" fw={700} className={classes.total} data-affordable={balanceH === null ? undefined : String(affordable)} data-testid="total-cost">{formatTc(cost)}</Text>
          </div>
          {shortBy > 0n && (
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" c="red" data-testid="insufficient-note">{t('crates.CrateShopModal.insufficient', { amount: formatTc(shortBy) })}</Text>
              <GetTripCoinsButton />
            </Group>
          )}
          {shortBy > 0n && (
            <Text size="xs" c="dimmed" data-testid="how-to-earn">
              {demoRounds
                ? t('crates.CrateShopModal.earnDemoRounds', { seconds: demoRounds.seconds, amount: formatTc(Number(demoRounds.tripcoins)), xp: formatNumber(demoRounds.xp) })
                : t('crates.CrateShopModal.earnInMatches')}
            </Text>
          )}
        </Stack>

        <div>
          <Text size="sm" fw={600} mb={4}>{t('crates.CrateShopModal.dropOdds')}</Text>
          <CrateOdds version={version} />
        </div>

        <Group justify="flex-end" className={classes.stickyActions}>
          <Button variant="default" onClick={close} disabled={busy}>{t('crates.CrateShopModal.cancel')}</Button>
          <Button onClick={submit} disabled={!canBuy} loading={false} data-busy={busy || undefined}>{busy ? t('crates.CrateShopModal.purchasing') : t('crates.CrateShopModal.buy')}</Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}
