// "[TAG] Name" in the clan colour (spec part 2 §2). A colour too close to the dark overlay's
// panels gets a backing (black or near-white, whichever reads better) that keeps the colour itself.
import { Text, type TextProps } from '@mantine/core';

function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) return 1;
  const n = Number.parseInt(m[1] ?? 'ffffff', 16);
  const channel = (v: number) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/**
 * Luminance of the lightest panel a clan name sits on (Mantine dark-5, #3b3b3b): a colour readable
 * there is readable on every darker panel of the overlay too.
 */
const PANEL_LUMINANCE = 0.045;

/** True when `color` on the overlay's dark panels would be below 4.5:1. */
export const needsBacking = (color: string): boolean => (luminance(color) + 0.05) / (PANEL_LUMINANCE + 0.05) < 4.5;

/**
 * The backing that gives `color` the most contrast: black for mid and light colours (blue
 * #228be6 gets 5.9:1 on black, only 3.6:1 on white), near-white for dark ones.
 */
export const backingFor = (color: string): string => {
  const l = luminance(color);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#f1f3f5';
};

export function ClanLabel({ tag, name, color, ...props }: { tag: string; name: string; color: string } & TextProps) {
  const backed = needsBacking(color);
  return (
    <Text component="span" fw={700} c={color} data-clan-color={color} {...props}
      style={backed ? { background: backingFor(color), borderRadius: 4, padding: '0 6px' } : undefined}>
      [{tag}] {name}
    </Text>
  );
}
