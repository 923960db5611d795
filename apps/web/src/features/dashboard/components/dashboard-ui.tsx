import { Badge, Center, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
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

/** "AWAITING_PICKUP" reads as "Awaiting pickup". */
export function statusLabel(status: string) {
  if (status === 'NO_SHOW') return 'No-show';
  const words = status.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function StatusBadge({ status }: { status: string }) {
  const color = STATUS_COLOURS[status] ?? 'gray';
  // Text carries the meaning; colour only repeats it, with text dark enough for 4.5:1 on every colour.
  return (
    <Badge color={color} c={badgeTextColor(color)} variant="light">
      {statusLabel(status)}
    </Badge>
  );
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
  return (
    <Text role="status" py="md">
      Loading...
    </Text>
  );
}

/** A chart's figures in words: charts are pictures, and screen readers cannot read pictures. */
export function ChartSummary({ label, rows }: { label: string; rows: Array<[string, number]> }) {
  return (
    <VisuallyHidden>
      <p>
        {label}: {rows.map(([name, value]) => `${name} ${value}`).join(', ')}.
      </p>
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

/** "2026-03" reads as "Mar 2026" on chart axes. */
export function monthLabel(month: string) {
  const [year, monthNumber] = month.split('-');
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[Number(monthNumber) - 1] ?? month} ${year}`;
}
