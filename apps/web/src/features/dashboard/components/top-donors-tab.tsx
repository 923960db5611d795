import type { TopDonor } from '@annadaan/contract/analytics';
import { formatCount } from '../../../lib/format';
import { DataTable, EmptyText, LoadingText } from './dashboard-ui';

export function TopDonorsTab({ donors, loading }: { donors: TopDonor[] | undefined; loading: boolean }) {
  if (loading) return <LoadingText />;
  if (!donors || donors.length === 0) return <EmptyText>No top donors found.</EmptyText>;
  return (
    <DataTable
      caption="Top donors by completed handovers"
      head={['Name', 'Donations', 'Location', 'Available']}
      rows={donors.map((donor) => [donor.name, formatCount(donor.donations), donor.location, donor.available ? 'Yes' : 'No'])}
    />
  );
}
