// The feature policy of the page's host (src/api/features.ts) followed for the page's life, and
// read again when the player signs in or out: a session keeps the host it was signed in from.
import { useEffect } from 'react';
import { followFeatures, refreshFeatures } from '../api/features';
import { useCurrentUser } from '../api/currentUser';

export function FeaturesAtStart() {
  useEffect(() => followFeatures(), []);
  const { user } = useCurrentUser();
  useEffect(() => { void refreshFeatures(); }, [user.uuid]);
  return null;
}
