import { Alert, Anchor, Badge, Button, Code, Container, Group, List, Loader, NativeSelect, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Trans, useTranslation } from '../../../i18n/react';
import type { StatisticsRegion } from '@annadaan/contract/statistics-figures';
import type { ProvenanceResponse } from '@annadaan/contract/statistics';
import { useFormat } from '../../../lib/locale-format';
import type { RouteData } from '../../../app/route-data';
import { provenanceQuery, useProvenance } from '../api/provenance-api';

const REGIONS: readonly StatisticsRegion[] = ['India', 'Global'];

/** The sources and formulas come from the server's data file. */
export const routeData: RouteData = (queryClient) => queryClient.prefetchQuery(provenanceQuery());

/**
 * The data file's own words (units, definitions, formulas, notes) in the reader's language. The
 * catalog keys them by their English text, as gettext does: when the data file changes a text, the
 * old translation no longer matches and the file's new English shows, marked `lang="en"`, until it
 * is translated, so no reader sees a translation of words the file no longer says.
 */
function useDataText() {
  const { i18n } = useTranslation('pages');
  // Read raw: these keys are sentences, whose colons t() would take for a namespace separator.
  const translations = (i18n.getResource(i18n.language, 'pages', 'sourceData') ?? {}) as Record<string, string>;
  const plain = (english: string): string => (Object.hasOwn(translations, english) ? (translations[english] ?? english) : english);
  const node = (english: string): ReactNode =>
    i18n.language === 'en' || Object.hasOwn(translations, english) ? plain(english) : <span lang="en">{english}</span>;
  return { plain, node };
}

/** /source: where every statistic comes from, and how the derived figures are computed. */
export function SourcePage() {
  const { t } = useTranslation('pages');
  const provenance = useProvenance();
  return (
    <Container size="lg" py="xl" px="md">
      <Title order={1}>{t('source.title')}</Title>
      <Text mt={4} mb="lg">
        {t('source.intro')}
      </Text>
      {provenance.isPending ? (
        <Group role="status" gap="xs">
          <Loader size="xs" aria-hidden="true" />
          <Text>{t('source.loading')}</Text>
        </Group>
      ) : provenance.isError ? (
        <Alert color="red" title={t('source.errorTitle')} role="alert">
          <Text size="sm">{t('source.failed')}</Text>
          <Button mt="sm" size="xs" variant="outline" color="red" onClick={() => void provenance.refetch()}>
            {t('source.retry')}
          </Button>
        </Alert>
      ) : (
        <SourceContent data={provenance.data} />
      )}
    </Container>
  );
}

/*
 * A publication's title, publisher, edition and table are a citation: they stay in the publication's
 * own language (English), marked so, for a reader to find them in the report.
 */
const citation = { lang: 'en', translate: 'no' } as const;

function SourceContent({ data }: { data: ProvenanceResponse }) {
  const { t } = useTranslation('pages');
  const format = useFormat();
  const { node: dataText, plain: plainDataText } = useDataText();
  const [region, setRegion] = useState<StatisticsRegion>('India');
  const sources = new Map(data.sources.map((source) => [source.id, source]));
  const sourceTitle = (id: string) => {
    const source = sources.get(id);
    return source ? `${source.title} (${source.year})` : id;
  };
  const rows = data.rows.filter((row) => row.region === region);
  const unit = (english: string) => dataText(english);

  return (
    <Stack gap="xl">
      <section aria-labelledby="definitions-title">
        <Title order={2} id="definitions-title" mb="xs">
          {t('source.definitionsTitle')}
        </Title>
        <List spacing="xs">
          <List.Item>
            <b>
              {t('source.measures.hunger')} ({unit(data.units.hunger)}):
            </b>{' '}
            {dataText(data.definitions.hunger)}
          </List.Item>
          <List.Item>
            <b>
              {t('source.measures.foodWaste')} ({unit(data.units.foodWaste)}):
            </b>{' '}
            {dataText(data.definitions.foodWaste)}
          </List.Item>
          <List.Item>
            <b>{t('source.estimatedLabel')}</b> {dataText(data.definitions.estimated)}
          </List.Item>
          <List.Item>
            <b>{t('source.populationLabel')}</b>{' '}
            {data.population.map((figure, index) => (
              <span key={figure.region}>
                {index > 0 ? '; ' : null}
                <Trans
                  t={t}
                  i18nKey="source.populationFigure"
                  values={{
                    region: t(`source.regions.${figure.region}`),
                    value: format.number(figure.value),
                    year: figure.year,
                    source: sourceTitle(figure.provenance.sourceId),
                  }}
                  components={{ cite: <span {...citation} /> }}
                />
              </span>
            ))}
            {t('source.populationCeiling')}
          </List.Item>
        </List>
        <Text size="sm" c="dimmed" mt="xs">
          {t('source.version', { version: data.version, updated: data.updated })}
        </Text>
      </section>

      <section aria-labelledby="formulas-title">
        <Title order={2} id="formulas-title" mb="xs">
          {t('source.formulasTitle')}
        </Title>
        <Stack gap="sm">
          {data.formulas.map((formula) => (
            <Paper key={formula.id} withBorder p="sm">
              <Text fw={700}>{dataText(formula.name)}</Text>
              {/* A long expression scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
              <Code block tabIndex={0} role="region" aria-label={t('source.formulaLabel', { name: plainDataText(formula.name) })}>
                {dataText(formula.expression)}
              </Code>
              <Text size="sm" mt={4}>
                {dataText(formula.description)}
              </Text>
            </Paper>
          ))}
        </Stack>
      </section>

      <section aria-labelledby="publications-title">
        <Title order={2} id="publications-title" mb="xs">
          {t('source.publicationsTitle')}
        </Title>
        <Stack gap="sm">
          {data.sources.map((source) => (
            <Paper key={source.id} withBorder p="sm">
              <Anchor href={source.url} target="_blank" rel="noopener noreferrer" fw={700} {...citation}>
                {source.title}
              </Anchor>
              <Text size="sm">
                <span {...citation}>{source.publisher}</span>, {source.year}
              </Text>
              <Text size="sm" mt={4}>
                {dataText(source.note)}
              </Text>
            </Paper>
          ))}
        </Stack>
      </section>

      <section aria-labelledby="provenance-title">
        <Group justify="space-between" align="flex-end" mb="xs">
          <Title order={2} id="provenance-title">
            {t('source.provenanceTitle')}
          </Title>
          <NativeSelect
            label={t('source.region')}
            data={REGIONS.map((value) => ({ value, label: t(`source.regions.${value}`) }))}
            value={region}
            onChange={(event) => setRegion(event.currentTarget.value === 'Global' ? 'Global' : 'India')}
          />
        </Group>
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('source.tableScrolls') }}>
          <Table striped miw={900} aria-labelledby="provenance-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('source.columns.year')}</Table.Th>
                <Table.Th>{t('source.columns.measure')}</Table.Th>
                <Table.Th>{t('source.columns.value')}</Table.Th>
                <Table.Th>{t('source.columns.status')}</Table.Th>
                <Table.Th>{t('source.columns.source')}</Table.Th>
                <Table.Th>{t('source.columns.edition')}</Table.Th>
                <Table.Th>{t('source.columns.method')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.year}-${row.measure}`}>
                  <Table.Td>{row.year}</Table.Td>
                  <Table.Td>{t(`source.measures.${row.measure}` as 'source.measures.hunger', { defaultValue: row.measure })}</Table.Td>
                  <Table.Td>
                    {format.number(row.value)} {unit(row.unit)}
                  </Table.Td>
                  <Table.Td>
                    {/* Dark text on a pale badge: the stock light-orange label falls under 4.5:1 contrast. */}
                    <Badge color={row.status === 'published' ? 'green' : 'orange'} variant="light" c="dark.8">
                      {t(`source.status.${row.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td {...citation}>{sourceTitle(row.sourceId)}</Table.Td>
                  <Table.Td {...citation}>
                    {row.edition}; {row.tableOrPage}
                  </Table.Td>
                  <Table.Td>
                    {row.method ? dataText(row.method) : null}
                    {row.method && row.note ? ' ' : null}
                    {row.note ? dataText(row.note) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </section>

      <section aria-labelledby="pin-codes-title">
        <Title order={2} id="pin-codes-title" mb="xs">
          {t('source.pinCodesTitle')}
        </Title>
        <Text size="sm">
          {/* Package, licence and directory names are names: not translated. */}
          <Trans t={t} i18nKey="source.pinCodes" components={{ name: <span translate="no" /> }} />
        </Text>
      </section>
    </Stack>
  );
}
