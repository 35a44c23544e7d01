// Dates in the Account section, in the player's locale; 'Unknown' when the server has none.
export function formatDate(value: string | number | null | undefined, withTime = false): string {
  if (value === null || value === undefined || value === '') return 'Unknown';
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return withTime
    ? date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : date.toLocaleDateString(undefined, { dateStyle: 'long' });
}
