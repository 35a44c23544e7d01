// Change Password's three checks (spec part 2 §5), in the order the spec lists them.
import { AUTH_TEXT, PASSWORD_MIN } from '../../../contract/auth';

export interface PasswordFields { current: string; next: string; confirm: string }

export function changePasswordError({ current, next, confirm }: PasswordFields): string | null {
  if (!current || !next || !confirm) return AUTH_TEXT.passwordFieldsRequired;
  if (next !== confirm) return AUTH_TEXT.newPasswordsDoNotMatch;
  if (next.length < PASSWORD_MIN) return AUTH_TEXT.passwordTooShort;
  return null;
}
