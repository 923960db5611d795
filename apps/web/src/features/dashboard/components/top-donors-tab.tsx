import type { TopDonor } from '@annadaan/contract/analytics';
import { useTranslation } from '../../../i18n/react';
import { useFormat } from '../../../lib/locale-format';
import { Data, DataTable, EmptyText, LoadingText } from './dashboard-ui';

export function TopDonorsTab({ donors, loading }: { donors: TopDonor[] | undefined; loading: boolean }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  if (loading) return <LoadingText />;
  if (!donors || donors.length === 0) return <EmptyText>{t('topDonors.empty')}</EmptyText>;
  return (
    <DataTable
      caption={t('topDonors.caption')}
      head={[t('columns.name'), t('columns.donations'), t('columns.location'), t('columns.available')]}
      rows={donors.map((donor) => [
        <Data key="name">{donor.name}</Data>,
        format.number(donor.donations),
        <Data key="location">{donor.location}</Data>,
        donor.available ? t('yes') : t('no'),
      ])}
    />
  );
}
