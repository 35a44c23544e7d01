// The drop table the server publishes (GET /api/crates/odds), shown before a purchase or an
// open: every item a crate can hold and its chance, as percentages with two decimals.
import { Loader, Table, Text } from '@mantine/core';
import type { CrateVersionId } from '../../../contract/crates';
import { useCrateOdds } from './api/getCrateOdds';
import classes from './Crates.module.css';
import { t } from '../../i18n';
import { formatNumber } from '../../i18n/format';

export function CrateOdds({ version }: { version: CrateVersionId }) {
  const odds = useCrateOdds(version);
  if (odds.isPending) return <Loader size="xs" aria-label={t('crates.CrateOdds.loadingDropOdds')} />;
  if (odds.isError) return <Text size="xs" c="dimmed">{t('crates.CrateOdds.dropOddsAreUnavailableRight')}</Text>;
  return (
    // The list scrolls: focusable so a keyboard can scroll it (axe scrollable-region-focusable).
    <div className={classes.oddsList} data-testid="crate-odds" tabIndex={0} role="region" aria-label={t('crates.CrateOdds.dropOdds')}>
      <Table striped withRowBorders={false} verticalSpacing={2} fz="xs">
        <Table.Thead><Table.Tr><Table.Th>{t('crates.CrateOdds.item')}</Table.Th><Table.Th ta="right">{t('crates.CrateOdds.chance')}</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {odds.data.odds.map((entry) => (
            <Table.Tr key={entry.itemUuid}>
              <Table.Td>{entry.name}</Table.Td>
              <Table.Td ta="right">{formatNumber(entry.percent / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
