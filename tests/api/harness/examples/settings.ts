// Valid calls of the account settings endpoints: the whole settings object (its sliders' step
// grids are refinements the generator cannot meet, so the body is given).
import { DEFAULT_SETTINGS } from '../../../../contract/settings';
import type { Example } from '../examples';

export const SETTINGS_EXAMPLES: Record<string, Example> = {
  'PUT /api/settings': { call: () => ({ body: { ...DEFAULT_SETTINGS, fov: 100, invertY: true } }) },
};
