import type { DonationDetail } from '@annadaan/contract/donations';
import type { WaitlistEntry } from '@annadaan/contract/portions';
import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePortionUnit } from '../../../components/portions-left';
import { useTranslation } from '../../../i18n/react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useFormat } from '../../../lib/locale-format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { portionRulesQuery } from '../../../lib/portion-rules-api';
import { useSessionToken } from '../../../lib/use-session';
import { useJoinWaitlist, useLeaveWaitlist, useMyWaitlistEntry, useTakeWaitlistOffer } from '../api/requests-api';
import type { DeliveryAsk } from './delivery-choice-fields';
import { RequestDonationButton } from './request-donation-button';

interface Props {
  donation: DonationDetail;
  signInPath: string;
  afterRequestPath: (requestId: number) => string;
  /** Where a taken offer's pickup code is (My Orders). */
  afterTakePath: (requestId: number) => string;
  delivery?: DeliveryAsk;
  onDeliveryError?: (message: string | null) => void;
}

/** The fair-share rule in plain words, with the server's own figures (issue 33: the rule is public). */
export function FairShareRule() {
  const { t } = useTranslation('requests');
  const format = useFormat();
  const rules = useQuery(portionRulesQuery());
  if (!rules.data) return null;
  return (
    <Text size="sm" data-testid="fair-share-rule">
      {t('portions.fairShare', { cap: format.number(rules.data.dailyCap), organisationCap: format.number(rules.data.organisationDailyCap) })}
    </Text>
  );
}

/** "How many?", 1 to the most one request may ask (and no more than is left). */
function HowMany({
  max,
  value,
  onChange,
  error,
  label,
}: {
  max: number;
  value: number | string;
  onChange: (value: number | string) => void;
  error: string | null;
  label: string;
}) {
  const { t } = useTranslation('requests');
  return (
    <NumberInput
      label={label}
      description={t('portions.howManyHint', { max })}
      min={1}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      inputMode="numeric"
      value={value}
      onChange={onChange}
      error={error}
      w={200}
    />
  );
}

/** A whole number from 1 to `max`, or null with the field's problem said. */
function checkedCount(value: number | string, max: number): number | null {
  const count = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(count) && count >= 1 && count <= max ? count : null;
}

/** An open offer: "5 plates are yours until 2:32 pm", Take them or Pass. */
function OfferPanel({ entry, afterTakePath }: { entry: WaitlistEntry; afterTakePath: (requestId: number) => string }) {
  const { t } = useTranslation('requests');
  const format = useFormat();
  const unit = usePortionUnit();
  const navigate = useNavigate();
  const take = useTakeWaitlistOffer();
  const pass = useLeaveWaitlist();
  const count = entry.offeredPortions ?? entry.portions;
  return (
    <Paper withBorder p="md" radius="md" bg="green.0" component="section" aria-labelledby="waitlist-offer-heading" data-testid="waitlist-offer">
      <Stack gap="xs">
        <Title order={2} size="h4" id="waitlist-offer-heading">
          {t('portions.offer', { count, unit: unit(entry.unit, count), time: entry.offerExpiresAt ? format.time(entry.offerExpiresAt) : '' })}
        </Title>
        <Text size="sm">{t('portions.offerText')}</Text>
        <Group>
          <Button
            loading={take.isPending}
            disabled={pass.isPending}
            onClick={() =>
              // mutateAsync: the refetch after success replaces this panel before mutate's callbacks would run.
              take.mutateAsync(entry.id).then(
                (request) => {
                  notifySuccess(t('portions.taken'));
                  void navigate(afterTakePath(request.id));
                },
                (error: unknown) => notifyError(t('portions.takeFailed', { reason: errorMessage(error) })),
              )
            }
          >
            {t('portions.take')}
          </Button>
          <Button
            variant="default"
            loading={pass.isPending}
            disabled={take.isPending}
            onClick={() =>
              pass.mutateAsync(entry.id).then(
                () => notifySuccess(t('portions.passed')),
                (error: unknown) => notifyError(t('portions.leaveFailed', { reason: errorMessage(error) })),
              )
            }
          >
            {t('portions.pass')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** "You are number 2 in line", with Leave. */
function PlaceInLine({ entry }: { entry: WaitlistEntry }) {
  const { t } = useTranslation('requests');
  const format = useFormat();
  const unit = usePortionUnit();
  const leave = useLeaveWaitlist();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="waitlist-place-heading" data-testid="waitlist-place">
      <Stack gap="xs">
        <Title order={2} size="h4" id="waitlist-place-heading">
          {t('portions.position', { position: entry.position ?? 1 })}
        </Title>
        <Text size="sm">{t('portions.positionText', { portions: format.number(entry.portions), unit: unit(entry.unit, entry.portions) })}</Text>
        <Group>
          <Button
            variant="default"
            color="red"
            loading={leave.isPending}
            onClick={() =>
              leave.mutateAsync(entry.id).then(
                () => notifySuccess(t('portions.left')),
                (error: unknown) => notifyError(t('portions.leaveFailed', { reason: errorMessage(error) })),
              )
            }
          >
            {t('portions.leave')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Nothing left: join the line for a number of portions. */
function JoinWaitlist({ donation, signInPath }: { donation: DonationDetail; signInPath: string }) {
  const { t } = useTranslation('requests');
  const token = useSessionToken();
  const navigate = useNavigate();
  const join = useJoinWaitlist();
  const rules = useQuery(portionRulesQuery());
  const max = donation.portions?.maxPerRequest ?? 1;
  const [count, setCount] = useState<number | string>(1);
  const [error, setError] = useState<string | null>(null);

  const onJoin = () => {
    if (!token) {
      notifyError(t('portions.signInFirst'));
      void navigate(signInPath, { state: { from: window.location.pathname } });
      return;
    }
    const portions = checkedCount(count, max);
    if (portions === null) {
      setError(t('portions.howManyInvalid', { max }));
      return;
    }
    setError(null);
    join.mutateAsync({ donationId: donation.id, portions }).then(
      () => notifySuccess(t('portions.joined')),
      (failure: unknown) => {
        const onField = failure instanceof ApiError ? failure.fieldMessage('portions') : null;
        if (onField) setError(onField);
        else notifyError(t('portions.joinFailed', { reason: errorMessage(failure) }));
      },
    );
  };

  return (
    <Stack gap="xs" align="flex-start" data-testid="waitlist-join">
      <Text fw={600}>{t('portions.nothingLeft', { minutes: rules.data?.offerMinutes ?? 10 })}</Text>
      <HowMany label={t('portions.waitFor')} max={max} value={count} onChange={setCount} error={error} />
      <Button size="md" onClick={onJoin} loading={join.isPending}>
        {t('portions.join')}
      </Button>
    </Stack>
  );
}

/**
 * A donation's page for food shared in portions (issue 33), its own chunk: "How many?" and the
 * request while portions are left, the waitlist when none are, and an open offer to take or pass
 * (it arrives live: the offer's notification refreshes the place in line).
 */
export function PortionsAction({ donation, signInPath, afterRequestPath, afterTakePath, delivery, onDeliveryError }: Props) {
  const { t } = useTranslation('requests');
  const signedIn = useSessionToken() !== null;
  const waitlist = useMyWaitlistEntry(donation.id, signedIn);
  const [count, setCount] = useState<number | string>(1);
  const [countError, setCountError] = useState<string | null>(null);
  const portions = donation.portions;
  if (!portions) return null;
  const entry = waitlist.data?.entry ?? null;

  let action;
  if (signedIn && waitlist.isPending) {
    action = <Text role="status">{t('portions.checking')}</Text>;
  } else if (entry?.status === 'OFFERED') {
    action = <OfferPanel entry={entry} afterTakePath={afterTakePath} />;
  } else if (entry?.status === 'WAITING') {
    action = <PlaceInLine entry={entry} />;
  } else if (portions.left > 0 && donation.status === 'AVAILABLE') {
    const max = Math.min(portions.maxPerRequest, portions.left);
    const asked = checkedCount(count, max);
    action = (
      // Not aligned to the start: on a phone the action bar's button spans the screen, as without portions.
      <Stack gap="xs">
        <HowMany label={t('portions.howMany')} max={max} value={count} onChange={setCount} error={countError} />
        <RequestDonationButton
          donationId={donation.id}
          signInPath={signInPath}
          afterRequestPath={afterRequestPath}
          delivery={delivery}
          onDeliveryError={onDeliveryError}
          portions={asked ?? undefined}
          onBeforeRequest={() => {
            setCountError(asked === null ? t('portions.howManyInvalid', { max }) : null);
            return asked !== null;
          }}
          onPortionsError={setCountError}
        />
      </Stack>
    );
  } else if (donation.status === 'AVAILABLE' || donation.status === 'PENDING') {
    action = <JoinWaitlist donation={donation} signInPath={signInPath} />;
  } else {
    action = <Text fw={600}>{t('portions.notAvailable')}</Text>;
  }

  return action;
}
