import { siteHealthQuery, type SiteHealthResponse } from '@shop/shared-api';
import { Badge, Card, ErrorAlert, Heading, Skeleton, Stack, Table, Text } from '@shop/shared-ui';
import { useQuery } from '@tanstack/react-query';

/** Google's "good" bounds (web.dev/vitals): at or under, green; up to "poor", orange; beyond, red. */
const BOUNDS = { lcpMs: [2500, 4000], inpMs: [200, 500], cls: [0.1, 0.25] } as const;

function Vital({
  value,
  bounds,
  unit,
}: {
  value: number | null;
  bounds: readonly [number, number];
  unit: string;
}) {
  if (value === null) return <Text color="fg.muted">–</Text>;
  const palette = value <= bounds[0] ? 'green' : value <= bounds[1] ? 'orange' : 'red';
  return (
    <Badge colorPalette={palette} variant="subtle">
      {unit === 'ms' ? `${value.toLocaleString('en-IN')} ms` : value.toFixed(3)}
    </Badge>
  );
}

function PagesTable({ pages }: { pages: SiteHealthResponse['pages'] }) {
  if (!pages.length) return <Text color="fg.muted">No page views reported in the last 24 hours.</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Page</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Views</Table.ColumnHeader>
            <Table.ColumnHeader>LCP p75</Table.ColumnHeader>
            <Table.ColumnHeader>INP p75</Table.ColumnHeader>
            <Table.ColumnHeader>CLS p75</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {pages.map((page) => (
            <Table.Row key={page.page}>
              <Table.Cell fontFamily="mono">{page.page}</Table.Cell>
              <Table.Cell textAlign="end">{page.views.toLocaleString('en-IN')}</Table.Cell>
              <Table.Cell>
                <Vital value={page.lcpMs} bounds={BOUNDS.lcpMs} unit="ms" />
              </Table.Cell>
              <Table.Cell>
                <Vital value={page.inpMs} bounds={BOUNDS.inpMs} unit="ms" />
              </Table.Cell>
              <Table.Cell>
                <Vital value={page.cls} bounds={BOUNDS.cls} unit="" />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * The dashboard's "Site health" card: what shoppers' browsers measured over the last 24 hours (a sampled
 * share of page views, issue 26): p75 LCP, INP and CLS per page, and unhandled errors by the code they
 * came from (the shell or a remote) and its release. Remote load failures are the release reports'.
 */
export function SiteHealthCard() {
  const health = useQuery(siteHealthQuery());
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="site-health">
      <Card.Body>
        <Heading as="h2" size="md" mb="1" id="site-health">
          Site health
        </Heading>
        <Text fontSize="sm" color="fg.muted" mb="3">
          Shoppers&apos; browsers, last 24 hours (a sample of page views)
        </Text>
        {health.data ? (
          <Stack gap="4">
            <PagesTable pages={health.data.pages} />
            <Stack gap="1">
              <Heading as="h3" size="sm">
                Errors by source
              </Heading>
              {health.data.errors.length ? (
                health.data.errors.map((error) => (
                  <Text key={`${error.source} ${error.release}`} fontSize="sm">
                    <strong>{error.source}</strong> {error.release && <code>{error.release}</code>}:{' '}
                    {error.count.toLocaleString('en-IN')} — last: {error.lastMessage}
                  </Text>
                ))
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  No unhandled errors reported.
                </Text>
              )}
            </Stack>
          </Stack>
        ) : health.isError ? (
          <ErrorAlert message={health.error.message} onRetry={() => void health.refetch()} />
        ) : (
          <Stack gap="2" aria-hidden="true">
            <Skeleton h="4" />
            <Skeleton h="24" />
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
