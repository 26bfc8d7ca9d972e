import { releaseHealthQuery } from '@shop/shared-api';
import type { RemoteName, RuntimeConfig } from '@shop/shared-contract';
import { Badge, Heading, Skeleton, Span, Stack, Text } from '@shop/shared-ui';
import { useQuery } from '@tanstack/react-query';
import type { Column } from '../../components/list-columns.ts';
import { ListRows } from '../../components/ListRows.tsx';
import { EmptyList, LoadError } from '../../components/ListStates.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { liveReleasesQuery } from './live-releases.ts';
import { failureRate, releaseRows, type ReleaseRow } from './release-rows.ts';

/** The counts follow the shoppers' loads: asked again while the page is open. */
const REFRESH_MS = 30_000;

const REMOTES: { name: RemoteName; title: string }[] = [
  { name: 'storefront', title: 'Storefront' },
  { name: 'admin', title: 'Admin panel' },
];

const columns: Column<ReleaseRow>[] = [
  { header: 'Release', mono: true, cell: (row) => row.id },
  {
    header: 'Live for',
    nowrap: true,
    cell: (row) => (
      <Badge colorPalette={row.role === 'Canary' ? 'orange' : row.role === 'Live' ? 'green' : 'gray'}>
        {row.role === 'Fall-back' ? 'Fall-back' : `${row.role} ${row.share}%`}
      </Badge>
    ),
  },
  { header: 'Loads', numeric: true, cell: (row) => row.loads },
  { header: 'Failed', numeric: true, cell: (row) => `${row.failures} (${failureRate(row)})` },
  { header: 'Fell back', numeric: true, cell: (row) => row.fellBack },
  { header: 'Last failure', cell: (row) => row.lastReason ?? 'None' },
];

function RemoteReleases({ name, title, liveAt }: { name: RemoteName; title: string; liveAt: string }) {
  const live = useQuery({ ...liveReleasesQuery(liveAt), refetchInterval: REFRESH_MS });
  const health = useQuery({ ...releaseHealthQuery(name), refetchInterval: REFRESH_MS });
  const failed = live.error ?? health.error;
  return (
    <Stack gap="3" as="section" aria-labelledby={`releases-${name}`}>
      <Heading as="h2" size="lg" id={`releases-${name}`}>
        {title}
      </Heading>
      {failed ? (
        <LoadError error={failed} onRetry={() => void Promise.all([live.refetch(), health.refetch()])} />
      ) : !live.data || !health.data ? (
        <Skeleton h="24" aria-label={`Loading the releases of the ${title.toLowerCase()}`} />
      ) : (
        <ListRows
          caption={`${title} releases`}
          columns={columns}
          rows={releaseRows(live.data, health.data.releases)}
          rowKey={(row) => row.id}
        />
      )}
    </Stack>
  );
}

/**
 * /admin/releases: each remote's live releases (a canary and the release for the others), the release
 * browsers fall back to, and how loading each went in the last hour. Releases are made live and rolled
 * back with `pnpm release` (README); a canary that fails too often is rolled back on its own.
 */
export function ReleasesPage({ config }: { config: RuntimeConfig }) {
  const served = REMOTES.filter(({ name }) => config.releases?.[name]);
  return (
    <>
      <PageHeader title="Releases" />
      <Text color="fg.muted">
        Which release of each part of the shop your shoppers load, and how their loads went in the last hour.
        Promote and roll back with <Span fontFamily="mono">pnpm release</Span>.
      </Text>
      {served.length === 0 ? (
        <EmptyList
          title="No releases"
          description="This shop serves each part from a fixed address, not from its release store."
        />
      ) : (
        served.map(({ name, title }) => (
          <RemoteReleases key={name} name={name} title={title} liveAt={config.releases![name]!.liveAt} />
        ))
      )}
    </>
  );
}
