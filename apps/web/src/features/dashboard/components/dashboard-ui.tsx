import { Badge, Center, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { badgeTextColor } from '../../../components/status-badge-color';

const STATUS_COLOURS: Record<string, string> = {
  AVAILABLE: 'green',
  OPEN: 'green',
  PENDING: 'yellow',
  AWAITING_PICKUP: 'grape',
  COMPLETED: 'blue',
  FULFILLED: 'blue',
  REJECTED: 'red',
  CANCELLED: 'red',
  NO_SHOW: 'orange',
};

const STATUSES = [
  'AVAILABLE',
  'OPEN',
  'PENDING',
  'ACCEPTED',
  'AWAITING_PICKUP',
  'COMPLETED',
  'FULFILLED',
  'REJECTED',
  'CANCELLED',
  'EXPIRED',
  'NO_SHOW',
] as const;
type KnownStatus = (typeof STATUSES)[number];
const isKnownStatus = (status: string): status is KnownStatus => (STATUSES as readonly string[]).includes(status);

/** A status in the reader's language: "AWAITING_PICKUP" reads "Awaiting pickup" / "पिकअप का इंतज़ार"; an unknown one as the server sent it. */
export function useStatusLabel() {
  const { t } = useTranslation('dashboard');
  return (status: string) => (isKnownStatus(status) ? t(`status.${status}`) : status);
}

export function StatusBadge({ status }: { status: string }) {
  const statusLabel = useStatusLabel();
  const color = STATUS_COLOURS[status] ?? 'gray';
  // Text carries the meaning; colour only repeats it, with text dark enough for 4.5:1 on every colour.
  return (
    <Badge color={color} c={badgeTextColor(color)} variant="light">
      {statusLabel(status)}
    </Badge>
  );
}

/**
 * What people typed (food, names, places, quantities): shown as written, and marked as not the
 * app's words (`translate="no"`), so browser translators and the untranslated-text check leave it.
 */
export function Data({ children }: { children: ReactNode }) {
  return <span translate="no">{children}</span>;
}

/** A titled panel; its heading names the region for screen readers and tests. */
export function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={id}>
      <Title order={3} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function EmptyText({ children }: { children: string }) {
  return (
    <Center mih={80}>
      <Text c="dimmed">{children}</Text>
    </Center>
  );
}

export function LoadingText() {
  const { t } = useTranslation('dashboard');
  return (
    <Text role="status" py="md">
      {t('loading')}
    </Text>
  );
}

/** A chart's figures in words: charts are pictures, and screen readers cannot read pictures. */
export function ChartSummary({ label, rows }: { label: string; rows: Array<[string, string]> }) {
  const { t } = useTranslation('dashboard');
  return (
    <VisuallyHidden>
      <p>{t('chartSummary', { label, values: rows.map(([name, value]) => `${name} ${value}`).join(', ') })}</p>
    </VisuallyHidden>
  );
}

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export function DataTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell) => (
              <Table.Th key={cell} scope="col">
                {cell}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            // Rows come from lists already in their final order; the index is a stable key for one render.
            <Table.Tr key={index}>
              {row.map((cell, column) => (
                <Table.Td key={head[column]}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
