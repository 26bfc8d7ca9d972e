import type { ReleaseHealthResponse } from '../../schemas/index.ts';
import { call } from '../../client/call.ts';
import { FALLBACK_MESSAGES } from '../../errors.ts';

/** GET /releases/health?remote=: each release of the remote pages loaded in the last hour, with its counts. */
export async function getReleaseHealth(remote: 'storefront' | 'admin'): Promise<ReleaseHealthResponse> {
  return call<ReleaseHealthResponse>(FALLBACK_MESSAGES.getReleaseHealth, (api) =>
    api.get('releases/health', { searchParams: { remote } }).json(),
  );
}
