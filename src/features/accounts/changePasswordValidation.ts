// Change Password's three checks, in the order the spec lists them.
import { PASSWORD_MAX, PASSWORD_MIN, isBlankPassword } from '../../../contract/auth';
import { AUTH_TEXT } from '../../i18n/texts';

export interface PasswordFields { current: string; next: string; confirm: string }

export function changePasswordError({ current, next, confirm }: PasswordFields): string | null {
  if (!current || !next || !confirm) return AUTH_TEXT.passwordFieldsRequired;
  if (current.length > PASSWORD_MAX) return AUTH_TEXT.passwordTooLong;
  if (next.length > PASSWORD_MAX) return AUTH_TEXT.newPasswordTooLong;
  if (next !== confirm) return AUTH_TEXT.newPasswordsDoNotMatch;
  if (next.length < PASSWORD_MIN) return AUTH_TEXT.passwordTooShort;
  if (isBlankPassword(next)) return AUTH_TEXT.passwordBlank;
  return null;
}
