import { type OrganisationStatus, REVIEW_NOTE_MAX, type ReviewItem } from '@annadaan/contract/organisations';
import { Alert, Button, Card, Center, Group, NativeSelect, Pagination, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { REVIEW_PAGE_SIZE, useReview, useReviewQueue } from '../api/organisations-api';

const STATUSES: OrganisationStatus[] = ['PENDING', 'MORE_INFO_REQUESTED', 'VERIFIED'];

/** /admin/organisations (issue 32): admins check identifiers by hand and verify or ask for more. */
export function OrganisationsReviewPage() {
  const { t } = useTranslation('organisations');
  const [status, setStatus] = useState<OrganisationStatus>('PENDING');
  const [page, setPage] = useState(1);
  const queue = useReviewQueue(status, page);
  const pages = Math.max(1, Math.ceil((queue.data?.total ?? 0) / REVIEW_PAGE_SIZE));
  return (
    <Stack gap="md">
      <Title order={1}>{t('review.title')}</Title>
      <Text c="dimmed">{t('review.intro')}</Text>
      <NativeSelect
        label={t('review.statusFilter')}
        data={STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
        value={status}
        onChange={(event) => {
          setStatus(event.currentTarget.value as OrganisationStatus);
          setPage(1);
        }}
        maw={320}
      />
      {queue.isPending ? (
        <Text role="status">{t('review.loading')}</Text>
      ) : queue.isError ? (
        <Alert color="red" variant="light">
          {queue.error instanceof ApiError && queue.error.status === 403 ? t('review.forbidden') : t('review.failed')}
        </Alert>
      ) : queue.data.items.length === 0 ? (
        <Text role="status">{t('review.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('review.listLabel')}>
          {queue.data.items.map((item) => (
            <ReviewCard key={item.id} item={item} />
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Center>
          <Pagination total={pages} value={page} onChange={setPage} />
        </Center>
      ) : null}
    </Stack>
  );
}

function ReviewCard({ item }: { item: ReviewItem }) {
  const { t } = useTranslation('organisations');
  const review = useReview();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = (decision: 'VERIFIED' | 'MORE_INFO_REQUESTED') =>
    review.mutate(
      { id: item.id, decision, note },
      {
        onSuccess: () => notifySuccess(t(decision === 'VERIFIED' ? 'review.verified' : 'review.askedMore', { name: item.name })),
        onError: (failure) => setError(failure instanceof ApiError ? (failure.fieldMessage('note') ?? errorMessage(failure)) : errorMessage(failure)),
      },
    );
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Stack gap="xs">
        <Title order={2} size="h4" translate="no" style={{ overflowWrap: 'anywhere' }}>
          {item.name}
        </Title>
        <Text size="sm">{t('review.summary', { kind: t(`kinds.${item.kind}`), city: item.city, pinCode: item.pinCode, members: item.memberCount })}</Text>
        <Text size="sm" ff="monospace">
          {t('review.fssai', { value: item.fssaiNumber ?? t('review.none') })}
        </Text>
        <Text size="sm" ff="monospace">
          {t('review.darpan', { value: item.darpanId ?? t('review.none') })}
        </Text>
        {item.reviewNote ? <Text size="sm">{t('review.lastNote', { note: item.reviewNote })}</Text> : null}
        {item.status === 'PENDING' ? (
          <>
            <Textarea
              label={t('review.note')}
              value={note}
              maxLength={REVIEW_NOTE_MAX}
              autosize
              minRows={2}
              error={error}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
            <Group gap="xs" wrap="wrap">
              <Button size="sm" loading={review.isPending && review.variables.decision === 'VERIFIED'} onClick={() => decide('VERIFIED')}>
                {t('review.verify')}
              </Button>
              <Button
                size="sm"
                variant="light"
                loading={review.isPending && review.variables.decision === 'MORE_INFO_REQUESTED'}
                onClick={() => decide('MORE_INFO_REQUESTED')}
              >
                {t('review.askMore')}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
