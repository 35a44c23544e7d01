// TripCoins as the spec shows them (part 2 §9), as Mantine Text (inherits the surrounding size
// and colour props); the formatting is src/ui/TcAmount.tsx's, one rule for every screen.
import { Text, type TextProps } from '@mantine/core';
import { formatTc } from './TcAmount';

export { formatTc };

export function TripcoinsAmount({ value, ...props }: { value: number | bigint } & TextProps) {
  return <Text component="span" inherit {...props} data-tripcoins={String(value)}>{formatTc(value)}</Text>;
}
