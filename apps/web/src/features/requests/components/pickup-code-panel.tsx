import type { PickupInfo } from '@annadaan/contract/requests';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { formatPhone, phoneHref } from '../../../lib/format';
import { keepPickupCodeForOffline, usePickupCode, useRenewPickupCode } from '../api/requests-api';

/**
 * The receiver's pickup code and the donor's number. The code is shown only when asked for and
 * kept in this component's state, never in the query cache, so it does not linger in memory.
 * While online, the service worker is given its own copy (kept under this session, wiped on
 * sign-out): a receiver at the gate with no signal can still show it (issue 18, decision 037).
 */
export function PickupCodePanel({ requestId }: { requestId: number }) {
  const { t } = useTranslation('requests');
  const [info, setInfo] = useState<PickupInfo | null>(null);
  const fetchCode = usePickupCode();
  const regenerate = useRenewPickupCode();

  useEffect(() => {
    keepPickupCodeForOffline(requestId);
  }, [requestId]);

  const show = () =>
    fetchCode.mutate(requestId, {
      onSuccess: setInfo,
      onError: () => notifyError(t('code.fetchFailed')),
    });

  const renew = () =>
    regenerate.mutate(requestId, {
      onSuccess: (fresh) => {
        setInfo(fresh);
        notifySuccess(t('code.renewed'));
      },
      onError: (error) => notifyError(errorMessage(error)),
    });

  if (!info) {
    return (
      <Group>
        {/* Wraps rather than cut off at 360 px: "View pickup code (OTP) and donor contact" is long in both languages. */}
        <Button
          variant="light"
          onClick={show}
          loading={fetchCode.isPending}
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          {t('code.view')}
        </Button>
      </Group>
    );
  }

  return (
    <Stack gap={4} p="sm" bg="grape.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Text size="sm">{t('code.show')}</Text>
      <Text fz={28} fw={800} ff="monospace" style={{ letterSpacing: '0.25em' }} data-testid="pickup-code">
        {info.pickupCode}
      </Text>
      <Text size="sm">
        {t('code.donorContact')} <Anchor href={phoneHref(info.donorContactNumber) ?? undefined}>{formatPhone(info.donorContactNumber)}</Anchor>
      </Text>
      <Group gap="xs" mt={4}>
        <Button size="xs" variant="subtle" onClick={renew} loading={regenerate.isPending}>
          {t('code.renew')}
        </Button>
        <Button size="xs" variant="subtle" color="gray" onClick={() => setInfo(null)}>
          {t('code.hide')}
        </Button>
      </Group>
    </Stack>
  );
}
