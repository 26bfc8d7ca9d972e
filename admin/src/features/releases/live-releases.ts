import type { LiveReleases } from '@shop/shared-contract';
import { queryOptions } from '@tanstack/react-query';

/** A remote's live.json (release-tool/), read from the remote's own address: the api does not hold it. */
async function getLiveReleases(address: string): Promise<LiveReleases> {
  let response: Response;
  try {
    response = await fetch(address, { cache: 'no-cache' });
  } catch (error) {
    throw new Error('The live releases could not be read: the remote is not answering', { cause: error });
  }
  if (!response.ok) throw new Error(`The live releases could not be read (HTTP ${response.status})`);
  return (await response.json()) as LiveReleases;
}

export const liveReleasesQuery = (address: string) =>
  queryOptions({ queryKey: ['releases', 'live', address], queryFn: () => getLiveReleases(address) });
