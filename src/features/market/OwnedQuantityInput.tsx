// The quantity field of the Sell and Transfer modals: whole units, at least 1, at most what the
// player owns (shown under the label once an item is picked). Out-of-range values are kept as
// typed so the form's own check can name the problem (spec part 2 §8).
import { NumberInput, Text } from '@mantine/core';

export function OwnedQuantityInput({ value, onChange, owned, itemPicked, disabled }: {
  value: number | string;
  onChange: (value: number | string) => void;
  owned: number;
  itemPicked: boolean;
  disabled: boolean;
}) {
  return (
    <NumberInput
      label="Quantity"
      description={itemPicked ? <Text span size="xs" c="gray.5">You have {owned}</Text> : undefined}
      value={value}
      onChange={onChange}
      min={1}
      max={owned || undefined}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      disabled={disabled}
    />
  );
}
