// The registry's settings entry: the settings feature plus what only the app may hand it (the
// other features' sections and the current username).
import { useCurrentUser } from '../../api/currentUser';
import SettingsOverlay from '../../features/settings/SettingsOverlay';
import { extraSettingsSections } from '../settingsSections';
import type { OverlayProps } from '../../overlays/types';

export default function SettingsOverlayEntry({ payload, onClose }: OverlayProps<'settings'>) {
  const { user } = useCurrentUser();
  return <SettingsOverlay payload={payload} onClose={onClose} extraSections={extraSettingsSections} username={user.username} />;
}
