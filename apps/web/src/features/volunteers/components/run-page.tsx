import type { Run, RunEvent } from '@annadaan/contract/runs';
import { Alert, Anchor, Button, Container, Group, List, NumberInput, Paper, Rating, Radio, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { LazyAreaMap } from '../../../components/map/lazy-maps';
import { directionsUrl } from '../../../components/map/area-map-view';
import { PageLoader } from '../../../components/page-loader';
import { useTranslation } from '../../../i18n/react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatPhone, phoneHref } from '../../../lib/format';
import { useFormat } from '../../../lib/locale-format';
import { notifySuccess } from '../../../lib/notify';
import { useClaimRun, useCollectMyself, useDeliverRun, useDisposeRun, usePickUpRun, useRateRun, useReleaseRun, useRun } from '../api/volunteers-api';
import { RunStatusBadge } from './run-status-badge';

/**
 * One delivery run (issue 32), for whoever may see it: an approved volunteer deciding whether to
 * take it (areas and distances only), the volunteer carrying it (the addresses, both numbers, the
 * code to show the donor, the receiver's code to enter), and its donor and receiver (who carries
 * it, and each step as it happens).
 */
export function RunPage() {
  const { t } = useTranslation('volunteers');
  const id = Number(useParams().runId);
  const run = useRun(id);
  // Back to where this person follows the handover: the donor's requests, the receiver's orders, the volunteer's page.
  const back =
    run.data?.viewerRole === 'DONOR'
      ? { to: paths.receivedRequestsFor(run.data.donationId), label: t('run.backDonor') }
      : run.data?.viewerRole === 'RECEIVER'
        ? { to: paths.myOrders, label: t('run.backReceiver') }
        : { to: paths.volunteer, label: t('run.back') };
  let body: ReactNode;
  if (run.isPending) body = <PageLoader />;
  else if (run.isError)
    body = (
      <Text role="alert">
        {run.error instanceof ApiError && (run.error.status === 404 || run.error.status === 400) ? t('run.notFound') : t('run.loadFailed')}
      </Text>
    );
  else body = <RunDetails run={run.data} />;
  return (
    <Container size="sm" py="xl" px="md">
      <Anchor component={Link} to={back.to} mb="md" display="inline-block">
        {back.label}
      </Anchor>
      {body}
    </Container>
  );
}

function RunDetails({ run }: { run: Run }) {
  const { t } = useTranslation('volunteers');
  const format = useFormat();
  const active = run.status === 'OPEN' || run.status === 'CLAIMED' || run.status === 'PICKED_UP';
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {run.foodName}
        </Title>
        <RunStatusBadge status={run.status} />
      </Group>
      <Paper withBorder radius="md" p="md">
        <Stack gap={4}>
          <Text style={{ overflowWrap: 'anywhere' }}>{t('card.route', { from: run.pickupArea, to: run.dropoffArea })}</Text>
          <Text size="sm">{t('card.runDistance', { km: format.oneDecimal(run.runDistanceKm) })}</Text>
          <Text size="sm">{t('card.quantity', { quantity: run.quantity })}</Text>
          {active ? (
            <Text size="sm" fw={600}>
              {t('run.window', { time: format.dateTime(run.windowEndsAt) })}
            </Text>
          ) : null}
        </Stack>
      </Paper>
      <NextStep run={run} />
      {run.status === 'OPEN' && run.viewerRole === 'OPEN_TO_CLAIM' ? <LazyAreaMap area={run.pickupCell} exact={null} areaName={run.pickupArea} /> : null}
      {run.canRate && run.canRate.length > 0 ? <RateRun run={run} /> : null}
      {run.events ? <Steps events={run.events} /> : null}
    </Stack>
  );
}

/** What this viewer does next, or waits for, at this step. */
function NextStep({ run }: { run: Run }) {
  const { t } = useTranslation('volunteers');
  const format = useFormat();
  if (run.status === 'DELIVERED') return <Alert color="green" title={t('run.delivered', { time: format.dateTime(run.deliveredAt ?? '') })} role="status" />;
  if (run.status === 'DISPOSED') return <Alert color="gray" title={t('run.disposed', { reason: run.disposalReason ?? '' })} role="status" />;
  if (run.status === 'CANCELLED') return <Alert color="gray" title={t('run.cancelled')} role="status" />;
  switch (run.viewerRole) {
    case 'OPEN_TO_CLAIM':
      return <Claim run={run} />;
    case 'VOLUNTEER':
      return run.status === 'CLAIMED' ? <GoToPickup run={run} /> : <GoToDropoff run={run} />;
    case 'DONOR':
      return <ForDonor run={run} />;
    case 'RECEIVER':
      return <ForReceiver run={run} />;
  }
}

function Claim({ run }: { run: Run }) {
  const { t } = useTranslation('volunteers');
  const claim = useClaimRun();
  const [error, setError] = useState<string | null>(null);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text>{t('run.claimIntro')}</Text>
        <FormAlert message={error} />
        <Group>
          <Button
            loading={claim.isPending}
            onClick={() =>
              claim.mutateAsync(run.id).then(
                () => notifySuccess(t('run.claimed')),
                (failure: unknown) => setError(errorMessage(failure)),
              )
            }
          >
            {t('run.claim')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Contact({ label, name, phone }: { label: string; name?: string | undefined; phone?: string | undefined }) {
  const href = phone ? phoneHref(phone) : null;
  return (
    <Text size="sm">
      {label}: {name ?? ''}
      {phone ? (
        <>
          {' · '}
          {href ? <Anchor href={href}>{formatPhone(phone)}</Anchor> : formatPhone(phone)}
        </>
      ) : null}
    </Text>
  );
}

function GoToPickup({ run }: { run: Run }) {
  const { t } = useTranslation('volunteers');
  const release = useReleaseRun();
  const [error, setError] = useState<string | null>(null);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="pickup-step">
      <Stack gap="sm">
        <Title order={2} size="h3" id="pickup-step">
          {t('run.step1')}
        </Title>
        <Text style={{ overflowWrap: 'anywhere' }}>{run.pickupAddress}</Text>
        <Contact label={t('run.donor')} name={run.donorName} phone={run.donorContactNumber} />
        <Anchor href={directionsUrl(run.pickupPoint ?? run.pickupAddress ?? '')} target="_blank" rel="noopener noreferrer">
          {t('run.directions')}
        </Anchor>
        <Text>{t('run.showCode')}</Text>
        <Text
          fz={32}
          fw={700}
          ff="monospace"
          data-testid="handover-code"
          aria-label={t('run.codeLabel', { code: (run.handoverCode ?? '').split('').join(' ') })}
        >
          {run.handoverCode}
        </Text>
        <Text size="sm">{t('run.then')}</Text>
        <FormAlert message={error} />
        <Group>
          <Button
            variant="default"
            loading={release.isPending}
            onClick={() =>
              release.mutateAsync(run.id).then(
                () => notifySuccess(t('run.released')),
                (failure: unknown) => setError(errorMessage(failure)),
              )
            }
          >
            {t('run.release')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function GoToDropoff({ run }: { run: Run }) {
  const { t } = useTranslation('volunteers');
  const deliver = useDeliverRun();
  const dispose = useDisposeRun();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [showDisposal, setShowDisposal] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setCodeError(t('run.codeDigits'));
      return;
    }
    deliver.mutateAsync({ id: run.id, pickupCode: code.trim() }).then(
      () => notifySuccess(t('run.deliveredToast')),
      (failure: unknown) => setCodeError(failure instanceof ApiError ? (failure.fieldMessage('pickupCode') ?? errorMessage(failure)) : errorMessage(failure)),
    );
  };
  const disposeNow = (event: FormEvent) => {
    event.preventDefault();
    dispose.mutateAsync({ id: run.id, reason }).then(
      () => notifySuccess(t('run.disposedToast')),
      (failure: unknown) => setReasonError(failure instanceof ApiError ? (failure.fieldMessage('reason') ?? errorMessage(failure)) : errorMessage(failure)),
    );
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="dropoff-step">
      <Stack gap="sm">
        <Title order={2} size="h3" id="dropoff-step">
          {t('run.step2')}
        </Title>
        <Text style={{ overflowWrap: 'anywhere' }}>{run.dropoffAddress}</Text>
        <Contact label={t('run.receiver')} name={run.receiverName} phone={run.receiverContactNumber} />
        <Anchor href={directionsUrl(run.dropoffPoint ?? run.dropoffAddress ?? '')} target="_blank" rel="noopener noreferrer">
          {t('run.directions')}
        </Anchor>
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <TextInput
              label={t('run.receiverCode')}
              description={t('run.receiverCodeHint')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={codeError}
            />
            <Group>
              <Button type="submit" loading={deliver.isPending}>
                {t('run.deliver')}
              </Button>
            </Group>
          </Stack>
        </form>
        {showDisposal ? (
          <form onSubmit={disposeNow} noValidate>
            <Stack gap="xs">
              <Textarea
                label={t('run.disposalReason')}
                description={t('run.disposalHint')}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                maxLength={300}
                error={reasonError}
                autosize
                minRows={2}
              />
              <Group>
                <Button type="submit" color="red.8" loading={dispose.isPending}>
                  {t('run.dispose')}
                </Button>
                <Button variant="subtle" onClick={() => setShowDisposal(false)}>
                  {t('run.keep')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group>
            <Button variant="subtle" color="red.8" onClick={() => setShowDisposal(true)}>
              {t('run.notSafe')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function ForDonor({ run }: { run: Run }) {
  const { t } = useTranslation('volunteers');
  const pickUp = usePickUpRun();
  const [code, setCode] = useState('');
  const [kept, setKept] = useState('');
  const [temperature, setTemperature] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  if (run.status === 'OPEN') return <Alert color="blue" title={t('run.donorWaiting')} role="status" />;
  if (run.status === 'PICKED_UP')
    return (
      <Alert color="green" title={t('run.donorPickedUp', { name: run.volunteerName ?? '' })} role="status">
        <Contact label={t('run.volunteer')} name={run.volunteerName ?? undefined} phone={run.volunteerContactNumber} />
      </Alert>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('run.handoverDigits'));
      return;
    }
    pickUp
      .mutateAsync({
        id: run.id,
        handoverCode: code.trim(),
        ...(kept ? { kept: kept as 'HOT' } : {}),
        ...(temperature === '' ? {} : { temperatureC: Number(temperature) }),
      })
      .then(
        () => notifySuccess(t('run.pickedUpToast')),
        (failure: unknown) => setError(failure instanceof ApiError ? (failure.fieldMessage('handoverCode') ?? errorMessage(failure)) : errorMessage(failure)),
      );
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="donor-step">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="donor-step">
            {t('run.donorComing', { name: run.volunteerName ?? '' })}
          </Title>
          <Contact label={t('run.volunteer')} name={run.volunteerName ?? undefined} phone={run.volunteerContactNumber} />
          <TextInput
            label={t('run.handoverCode')}
            description={t('run.handoverHint')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            error={error}
          />
          <Radio.Group label={t('run.keptLabel')} value={kept} onChange={setKept}>
            <Group gap="md" mt={6}>
              <Radio value="" label={t('run.keptUnsaid')} />
              <Radio value="HOT" label={t('kept.HOT')} />
              <Radio value="COLD" label={t('kept.COLD')} />
              <Radio value="AMBIENT" label={t('kept.AMBIENT')} />
            </Group>
          </Radio.Group>
          <NumberInput
            label={t('run.temperature')}
            description={t('run.temperatureHint')}
            value={temperature}
            onChange={setTemperature}
            min={-30}
            max={120}
            suffix=" °C"
          />
          <Group>
            <Button type="submit" loading={pickUp.isPending}>
              {t('run.confirmPickup')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function ForReceiver({ run }: { run: Run }) {
  const { t } = useTranslation('volunteers');
  const collect = useCollectMyself();
  const [error, setError] = useState<string | null>(null);
  const title =
    run.status === 'OPEN'
      ? t('run.receiverWaiting')
      : run.status === 'CLAIMED'
        ? t('run.receiverClaimed', { name: run.volunteerName ?? '' })
        : t('run.receiverOnTheWay', { name: run.volunteerName ?? '' });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="receiver-step">
      <Stack gap="sm">
        <Title order={2} size="h3" id="receiver-step">
          {title}
        </Title>
        {run.volunteerName ? <Contact label={t('run.volunteer')} name={run.volunteerName} phone={run.volunteerContactNumber} /> : null}
        <Text size="sm">
          {t('run.receiverCodeNote')}{' '}
          <Anchor component={Link} to={paths.myOrders}>
            {t('run.myOrders')}
          </Anchor>
        </Text>
        {run.status === 'PICKED_UP' ? null : (
          <>
            <Text size="sm">{t('run.collectMyselfNote')}</Text>
            <FormAlert message={error} />
            <Group>
              <Button
                variant="default"
                loading={collect.isPending}
                onClick={() =>
                  collect.mutateAsync(run.id).then(
                    () => notifySuccess(t('run.collectingMyself')),
                    (failure: unknown) => setError(errorMessage(failure)),
                  )
                }
              >
                {t('run.collectMyself')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function RateRun({ run }: { run: Run }) {
  const { t } = useTranslation('volunteers');
  const rate = useRateRun();
  const [stars, setStars] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="rate-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="rate-title">
          {t('rate.title')}
        </Title>
        {(run.canRate ?? []).map((who) => (
          <Group key={who} gap="sm" wrap="wrap">
            <Text id={`rate-${who}`}>{t(`rate.${who}`)}</Text>
            <Rating
              value={stars[who] ?? 0}
              onChange={(value) => setStars((current) => ({ ...current, [who]: value }))}
              aria-labelledby={`rate-${who}`}
              getSymbolLabel={(value) => t('rate.star', { count: value })}
            />
            <Button
              size="xs"
              disabled={!stars[who]}
              loading={rate.isPending}
              onClick={() =>
                rate.mutateAsync({ id: run.id, ratee: who, rating: stars[who] ?? 0, comment: '' }).then(
                  () => notifySuccess(t('rate.thanks')),
                  (failure: unknown) => setError(errorMessage(failure)),
                )
              }
            >
              {t('rate.send')}
            </Button>
          </Group>
        ))}
        <FormAlert message={error} />
      </Stack>
    </Paper>
  );
}

/** The chain of custody as it happened. */
function Steps({ events }: { events: RunEvent[] }) {
  const { t } = useTranslation('volunteers');
  const format = useFormat();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="steps-title">
      <Title order={2} size="h3" id="steps-title" mb="xs">
        {t('steps.title')}
      </Title>
      <List spacing={4}>
        {events.map((event, index) => (
          <List.Item key={`${event.kind}-${index}`}>
            <Text size="sm" span>
              {format.dateTime(event.at)} · {t(`steps.${event.kind}`)}
              {event.kind === 'PICKED_UP' && event.kept ? ` · ${t(`kept.${event.kept}`)}` : ''}
              {event.kind === 'PICKED_UP' && event.temperatureC !== null ? ` · ${format.number(event.temperatureC)} °C` : ''}
              {event.reason ? ` · ${event.reason}` : ''}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
