/** localStorage key prefix of the settings: one entry per setting, `game_settings_<name>`. */
export const SETTINGS_STORAGE_PREFIX = 'game_settings_';
