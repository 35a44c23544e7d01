// What the studio did to a player's account, as a toast: the sentence in the player's language,
// and under it the admin's own words for the player when they wrote any. The internal reason an
// admin gives never reaches the shell (the live events carry only the message).
import { LIVE_TEXT } from '../i18n/texts';
import { economyToast, showToast, type ToastTone } from './toast';

/** `sentence`: what happened; `message`: what the admin wrote for the player ('' for nothing). */
export function studioToast(tone: ToastTone, sentence: string, message: string, options: { sticky?: boolean } = {}): string {
  const said = message.trim();
  const text = said ? LIVE_TEXT.studioMessage(said) : sentence;
  const title = said ? sentence : undefined;
  return options.sticky ? showToast({ message: text, title, tone, duration: false }) : economyToast(tone, text, title);
}
