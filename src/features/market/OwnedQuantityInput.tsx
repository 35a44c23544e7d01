// The quantity field of the Sell and Transfer modals: whole units, at least 1, at most what the
// player owns (shown under the label once an item is picked). The field keeps exactly what was
// typed: a number input that drops "." or "-" turned "1.5" into 15 and "-2" into 2, and items
// were transferred for good that way. The form's own check names what is wrong instead
// (validation.ts: "Please enter a whole number", "You only have n of this item.").
import { TextInput, Text } from '@mantine/core';
import { t } from '../../i18n';

export function OwnedQuantityInput({ value, onChange, owned, itemPicked, disabled }: {
  value: number | string;
  onChange: (value: string) => void;
  owned: number;
  itemPicked: boolean;
  disabled: boolean;
}) {
  return (
    <TextInput
      label={t('market.OwnedQuantityInput.quantity')}
      description={itemPicked ? <Text span size="xs" c="gray.5">{t('market.OwnedQuantityInput.youHave', { count: owned })}</Text> : undefined}
      value={String(value)}
      onChange={(event) => onChange(event.currentTarget.value)}
      inputMode="numeric"
      autoComplete="off"
      maxLength={20}
      disabled={disabled}
    />
  );
}
