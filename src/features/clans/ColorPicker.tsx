// The 16 clan colours as a radio group (the palette lives in contract/clans.ts).
import { CheckIcon, ColorSwatch, Group, Text } from '@mantine/core';
import { useId, type KeyboardEvent } from 'react';
import { CLAN_COLORS } from '../../../contract/clans';
import { t } from '../../i18n';

export function ClanColorPicker({ value, onChange, label }: { value: string; onChange: (color: string) => void; label?: string }) {
  const labelId = useId();
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + CLAN_COLORS.length) % CLAN_COLORS.length;
    onChange(CLAN_COLORS[next] as string);
    const group = (event.currentTarget as HTMLElement).parentElement;
    (group?.children[next] as HTMLElement | undefined)?.focus();
  };
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={labelId}>{label ?? t('clans.CreateClanModal.clanColor')}</Text>
      <Group gap={6} role="radiogroup" aria-labelledby={labelId}>
        {CLAN_COLORS.map((color, i) => (
          <ColorSwatch key={color} component="button" type="button" color={color} size={28} role="radio"
            aria-checked={value === color} aria-label={t('clans.ColorPicker.colour', { n: i + 1, color })} tabIndex={value === color ? 0 : -1}
            onClick={() => onChange(color)} onKeyDown={(e: KeyboardEvent) => move(e, i)} style={{ cursor: 'pointer' }}>
            {value === color && <CheckIcon size={12} color={i === 15 ? '#000' : '#fff'} />}
          </ColorSwatch>
        ))}
      </Group>
    </div>
  );
}
