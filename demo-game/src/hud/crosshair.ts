// The crosshair, drawn as a few absolutely positioned boxes around the screen centre. The
// geometry is a pure function of (style, size) so the styles are tested without a browser.
import type { CrosshairStyle } from '../settings';

/** A box relative to the centre of the screen, in CSS pixels. */
export interface CrosshairPart {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Round (dot) or ring (circle); plain bar otherwise. */
  shape: 'bar' | 'dot' | 'ring' | 'diamond';
}

/** crosshairSize 1..5 (step 0.5) scales every style; 2 (the default) is a classic 20 px cross. */
export function crosshairParts(style: CrosshairStyle, size: number): CrosshairPart[] {
  const unit = 2.5 * size;
  const thick = Math.max(2, Math.round(size));
  const bar = (x: number, y: number, width: number, height: number): CrosshairPart => ({ x: x - width / 2, y: y - height / 2, width, height, shape: 'bar' });
  const centred = (d: number, shape: CrosshairPart['shape']): CrosshairPart => ({ x: -d / 2, y: -d / 2, width: d, height: d, shape });
  switch (style) {
    case 'dot':
      return [centred(Math.max(3, unit * 1.2), 'dot')];
    case 'cross':
      return [bar(0, 0, unit * 4, thick), bar(0, 0, thick, unit * 4)];
    case 'circle':
      return [centred(unit * 4, 'ring'), centred(thick, 'dot')];
    case 'custom':
      return [centred(unit * 3, 'diamond'), centred(thick + 1, 'dot')];
    case 'default': {
      const gap = unit;
      const len = unit * 1.6;
      const off = gap + len / 2;
      return [bar(-off, 0, len, thick), bar(off, 0, len, thick), bar(0, -off, thick, len), bar(0, off, thick, len)];
    }
  }
}

export function renderCrosshair(root: HTMLElement, style: CrosshairStyle, size: number): void {
  root.dataset.style = style;
  root.dataset.size = String(size);
  root.replaceChildren(
    ...crosshairParts(style, size).map((part) => {
      const el = document.createElement('div');
      el.className = `dg-ch-part dg-ch-${part.shape}`;
      el.style.cssText = `left:${part.x}px;top:${part.y}px;width:${part.width}px;height:${part.height}px`;
      return el;
    }),
  );
}
