import { buildPath } from '../../../contract/http';
import { itemSprite } from '../../../contract/economy';
import classes from './market.module.css';

/** An item's picture, served per item uuid; decorative next to the item's name. */
export function ItemSprite({ uuid, size = 48, large = false }: { uuid: string; size?: number; large?: boolean }) {
  return (
    <img
      className={classes.sprite}
      src={`${buildPath(itemSprite.path, { uuid })}?size=${large ? 512 : 256}`}
      width={size}
      height={size}
      alt=""
      decoding="async"
    />
  );
}
