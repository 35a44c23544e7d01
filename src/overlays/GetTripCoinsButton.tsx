// The way out of "not enough TripCoins": where the page's host sells TripCoins (the purchases
// feature is on), a screen that refuses for the balance offers Get TripCoins right there, instead
// of leaving the player to find it in the profile.
import { Button } from '@mantine/core';
import { useFeature } from '../api/features';
import { t } from '../i18n';
import { useOverlays } from './context';

export function GetTripCoinsButton({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const sold = useFeature('purchases').on;
  const overlays = useOverlays();
  if (!sold) return null;
  return <Button size={size} variant="light" onClick={() => overlays.open('getTripCoins', {})} data-testid="get-tripcoins-short">{t('purchases.title')}</Button>;
}
