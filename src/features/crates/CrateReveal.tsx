// The crate reveal: while the machine is 'revealing' a reel of Base Set items
// rolls past a marker, slows down (a tick as each passes) and stops on the won item; then the
// item shows in its rarity's colour with the reveal sound. A click on the reel or any key skips
// to the item; under reduced motion the machine never reveals and the item shows at once.
import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { BASE_SET_ITEMS } from '../../../contract/items';
import { rarityOf } from '../../../contract/rarity';
import { rarityName, rarityStyle } from '../../ui/rarity';
import type { WonItem } from '../../../machines/crate-open';
import { REVEAL_MS } from '../../../machines/crate-open';
import { spriteUrl } from '../../api/catalogue';
import { playSound } from '../../ui/sounds';
import { t } from '../../i18n';
import { useCoarsePointer } from './coarsePointer';
import { buildReel, LANDING_PAUSE_MS, LAND_INDEX, REEL_EASING, tickTimes } from './reveal';
import classes from './CrateReveal.module.css';

/** Tile width plus gap, as in CrateReveal.module.css. */
const TILE = 104;
const ROLL_MS = REVEAL_MS - LANDING_PAUSE_MS;


export function Reel({ won, onSkip }: { won: WonItem; onSkip: () => void }) {
  // A touch screen has no key to press: the hint says "tap".
  const touchOnly = useCoarsePointer();
  const reel = useMemo(() => buildReel(BASE_SET_ITEMS, won), [won]);
  const frame = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState<{ x: number; rolling: boolean } | null>(null);

  // Tile 0 under the marker first; the next frame rolls to the won tile.
  useLayoutEffect(() => {
    const width = frame.current?.clientWidth ?? 320;
    const at = (index: number) => width / 2 - (index * TILE + TILE / 2);
    setOffset({ x: at(0), rolling: false });
    const raf = requestAnimationFrame(() => requestAnimationFrame(() => setOffset({ x: at(LAND_INDEX), rolling: true })));
    return () => cancelAnimationFrame(raf);
  }, []);

  useEffect(() => {
    // The item's large image, loaded while the reel rolls, so the landing shows it at once.
    new Image().src = spriteUrl(won.uuid, 512);
  }, [won]);

  useEffect(() => {
    const timers = tickTimes(ROLL_MS).map((at) => window.setTimeout(() => playSound('tick'), at));
    const skip = (event: KeyboardEvent) => {
      if (event.key === 'Tab' || event.key === 'Shift') return;
      event.preventDefault();
      onSkip();
    };
    window.addEventListener('keydown', skip);
    return () => { for (const timer of timers) window.clearTimeout(timer); window.removeEventListener('keydown', skip); };
  }, [onSkip]);

  const stripStyle: CSSProperties = offset
    ? { transform: `translateX(${offset.x}px)`, transition: offset.rolling ? `transform ${ROLL_MS}ms ${REEL_EASING}` : 'none' }
    : { visibility: 'hidden' };
  return (
    <Stack gap="xs" align="stretch" data-testid="crate-reveal">
      <button type="button" className={classes.reelButton} onClick={onSkip} data-sound="off" aria-label={t('crates.reveal.skip')}>
        <div className={classes.reelFrame} ref={frame}>
          <div className={classes.strip} style={stripStyle} aria-hidden="true">
            {reel.map((item, i) => (
              <div key={i} className={classes.tile} style={rarityStyle(rarityOf(item.uuid))} data-landing={i === LAND_INDEX || undefined}>
                <img src={spriteUrl(item.uuid, 256)} alt="" width={72} height={72} loading="eager" />
              </div>
            ))}
          </div>
          <div className={classes.marker} aria-hidden="true" />
        </div>
      </button>
      <Text size="xs" c="dimmed" ta="center">{t(touchOnly ? 'crates.reveal.skipHintTouch' : 'crates.reveal.skipHint')}</Text>
    </Stack>
  );
}

function WonCard({ won, onContinue }: { won: WonItem; onContinue: () => void }) {
  const rarity = rarityOf(won.uuid);
  useEffect(() => { playSound('reveal'); }, []);
  return (
    <Stack align="center" gap="sm" data-testid="crate-result" data-rarity={rarity}>
      <Title order={4}>{t('crates.CrateOpenModal.youGot')}</Title>
      <div className={classes.wonFrame} style={rarityStyle(rarity)}>
        <img className={classes.wonImage} src={spriteUrl(won.uuid, 512)} alt={won.name} />
      </div>
      <Text fw={700} size="lg" data-testid="won-item">{won.name}</Text>
      <Badge className={classes.rarityBadge} style={rarityStyle(rarity)} variant="outline" tt="uppercase" data-testid="won-rarity">
        {rarityName(rarity)}
      </Badge>
      <Button onClick={onContinue} data-autofocus>{t('crates.CrateOpenModal.continue')}</Button>
    </Stack>
  );
}

export function CrateReveal({ won, revealing, onSkip, onContinue }: { won: WonItem; revealing: boolean; onSkip: () => void; onContinue: () => void }) {
  return (
    <div aria-live="polite">
      {revealing ? <Reel won={won} onSkip={onSkip} /> : <WonCard won={won} onContinue={onContinue} />}
    </div>
  );
}
