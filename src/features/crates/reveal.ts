// The crate reveal's reel: a row of items rolling past a marker, slowing down
// and stopping on the won item. Pure: which items the reel shows, when each passes the marker
// (the tick sounds), and the easing both follow.

/** Where on the reel the won item sits: a few tiles before the end, so tiles follow it. */
export const REEL_LENGTH = 32;
export const LAND_INDEX = REEL_LENGTH - 4;
/** The reel stops this long before the reveal ends, so the landing is seen before the item shows. */
export const LANDING_PAUSE_MS = 450;
/** The CSS easing of the roll: ease-out quart, 1 − (1 − t)⁴. */
export const REEL_EASING = 'cubic-bezier(0.25, 1, 0.5, 1)';

/**
 * The reel: `pool` items drawn with `random` (0 ≤ x < 1), the won item at LAND_INDEX. Never the
 * won item right beside the landing tile, so the stop is not mistaken for its neighbour.
 */
export function buildReel<T extends { uuid: string }>(pool: readonly T[], won: T, random: () => number = Math.random): T[] {
  if (pool.length === 0) return Array.from({ length: REEL_LENGTH }, () => won);
  const others = pool.filter((item) => item.uuid !== won.uuid);
  const draw = (near: boolean) => {
    const from = near && others.length > 0 ? others : pool;
    return from[Math.min(from.length - 1, Math.floor(random() * from.length))]!;
  };
  return Array.from({ length: REEL_LENGTH }, (_, i) => (i === LAND_INDEX ? won : draw(Math.abs(i - LAND_INDEX) === 1)));
}

/**
 * When (ms from the start of a roll of `duration` ms) each tile up to the landing one crosses the
 * marker under the ease-out quart (position 1 − (1 − t)⁴ of LAND_INDEX tiles), leaving out ticks
 * closer than `minGap` ms to the previous one (the start is a blur, not a buzz).
 */
export function tickTimes(duration: number, minGap = 55): number[] {
  const times: number[] = [];
  for (let tile = 1; tile <= LAND_INDEX; tile += 1) {
    const at = duration * (1 - (1 - tile / LAND_INDEX) ** 0.25);
    if (times.length === 0 || at - times[times.length - 1]! >= minGap) times.push(Math.round(at));
  }
  return times;
}
