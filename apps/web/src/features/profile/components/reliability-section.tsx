import { NO_SHOW_RULE } from '@annadaan/contract/requests';
import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useMyReliability } from '../api/profile-api';

const { noShows, windowDays } = NO_SHOW_RULE;

/** My record as a receiver and as a donor, and the no-show rule in plain words (issue 16; decision 029). */
export function ReliabilitySection() {
  const { t } = useTranslation(['profile', 'requests']);
  const reliability = useMyReliability();
  // The record's words are the ones My Orders uses (decision 029), kept once in the requests catalog.
  const pickups = ({ pickedUp, accepted }: { pickedUp: number; accepted: number }) =>
    accepted === 0 ? t('requests:record.none') : t('requests:record.pickups', { pickedUp, accepted });
  const handovers = ({ handedOver, accepted }: { handedOver: number; accepted: number }) =>
    accepted === 0 ? t('requests:record.none') : t('requests:record.handovers', { handedOver, accepted });

  return (
    <Stack gap="xs" component="section" aria-labelledby="reliability-heading">
      <Title order={2} size="h3" id="reliability-heading">
        {t('reliability.title')}
      </Title>
      {reliability.isPending ? (
        <Text role="status">{t('reliability.loading')}</Text>
      ) : reliability.isError ? (
        <Text role="alert" c="red.8">
          {t('reliability.loadFailed')}
        </Text>
      ) : (
        <>
          <Text>
            <Text span fw={600}>
              {t('reliability.asReceiver')}
            </Text>{' '}
            {pickups(reliability.data.asReceiver)}
          </Text>
          <Text>
            <Text span fw={600}>
              {t('reliability.asDonor')}
            </Text>{' '}
            {handovers(reliability.data.asDonor)}
          </Text>
          {reliability.data.limited ? (
            <Alert color="orange" variant="light" title={t('reliability.limitedTitle')}>
              {t('reliability.limited', { missed: reliability.data.recentNoShows, days: windowDays })}
            </Alert>
          ) : null}
        </>
      )}
      <Title order={3} size="h4" mt="xs">
        {t('reliability.rulesTitle')}
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>{t('reliability.rule1')}</List.Item>
        <List.Item>{t('reliability.rule2')}</List.Item>
        <List.Item>{t('reliability.rule3', { noShows, days: windowDays })}</List.Item>
        <List.Item>{t('reliability.rule4')}</List.Item>
        <List.Item>{t('reliability.rule5')}</List.Item>
      </List>
    </Stack>
  );
}
