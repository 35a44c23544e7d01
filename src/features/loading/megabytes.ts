// The loading screen's "loaded / total" megabytes, from the size of the build the server serves
// (page data `gameBytes`; the rule is megabytesFigure's in machines/loading.ts): '' where the
// size is unknown, so the screen shows the percentage alone rather than a made-up total.
import { megabytesFigure } from '../../../machines/loading';
import { formatMegabytes } from '../../i18n/format';
import type { MessageId, MessageValues } from '../../i18n';

/** In the player's language (the catalogs are in). */
export function megabytesText(t: (id: MessageId, values?: MessageValues) => string, percent: number, totalBytes: number | undefined): string {
  const figure = megabytesFigure(percent, totalBytes);
  if (!figure) return '';
  return t('loading.megabytes', { loaded: formatMegabytes(figure.loaded, 1), total: formatMegabytes(figure.total, figure.totalDigits) });
}

/** Before the player's catalog is in (index.html's words, hidden until then). */
export function plainMegabytesText(percent: number, totalBytes: number | undefined): string {
  const figure = megabytesFigure(percent, totalBytes);
  return figure ? `${figure.loaded.toFixed(1)} MB / ${figure.total.toFixed(figure.totalDigits)} MB` : '';
}
