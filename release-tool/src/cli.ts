import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LEGACY_SHARE_NAMES, shopPorts } from '@shop/shared-contract';
import { shellConfig } from '@shop/shared-contract/shell-config';
import type { ReleaseHealth } from '@shop/shared-api/schemas';
import { guardCanaries, releaseHealth } from './canary-guard.ts';
import { checkRelease } from './check.ts';
import { releaseCheckPort } from './check-port.ts';
import { releasesAskingForOldShareNames } from './legacy-shares.ts';
import { publishRelease, releaser, sourceCommit } from './publish.ts';
import {
  canaryRelease,
  findRelease,
  promote,
  RefusedChange,
  rollback,
  stableRelease,
  type Registry,
  type ReleasedApp,
} from './registry.ts';
import { loadRegistry, saveRegistry } from './registry-file.ts';
import { openReleaseStore } from './release-store.ts';

const USAGE = `pnpm release <command>

  storefront | admin | shell [--from <dir>]
      Build the app (or take the build in <dir>) and publish it as an immutable release.
  check <app> <id>
      The gate: the release's shared versions, its server entry and the smoke journeys in the current shell.
  promote <app> <id> --share <1-100> [--force]
      Make the release live for that share of browsers (a canary under 100). Refused unless it passed its check.
  rollback <app>
      Back one step: the canary goes, or the release before the live one is live again.
  list [<app>]
      Each app's releases, which are live at which share, when and by whom, and their last hour of loads.
  watch [--every <seconds>]
      Roll back a failing canary as soon as the api's counts say so (every command does it once).

Store: RELEASE_STORE_DIR (default .releases/) or RELEASE_S3_BUCKET. Releaser: RELEASE_BY, else git's user.name.`;

const REMOTES = ['storefront', 'admin'] as const;
const APPS: readonly ReleasedApp[] = ['storefront', 'admin', 'shell'];

/** The checkout the command runs in: its apps' folders, its default store, its commit. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const appDir = (app: ReleasedApp) => path.join(repoRoot, app);

/** The app built as the repository builds it (`node scripts/build.ts`: only when out of date). */
const buildApp = (app: ReleasedApp) =>
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'build.ts'), app], { stdio: 'inherit' });

const env = process.env;
const ports = shopPorts(env);
const shop = shellConfig(ports, env);
const apiUrl = env.RELEASE_API_URL ?? env.PAGE_SERVER_API_URL ?? shop.apiBaseUrl;
const store = openReleaseStore(env, repoRoot);
const by = releaser(env, repoRoot);
const log = (line: string) => console.log(line);

function appOf(value: string | undefined, allowed: readonly ReleasedApp[] = APPS): ReleasedApp {
  if (!value || !allowed.includes(value as ReleasedApp))
    throw new RefusedChange(`name the app: ${allowed.join(', ')}`);
  return value as ReleasedApp;
}

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);

/** The last time the release went live (or back to live), and who did it. */
function wentLive(registry: Registry, id: string): string {
  const event = registry.events.findLast(
    (candidate) => candidate.id === id && candidate.action === 'promote',
  );
  return event ? `since ${when(event.at)} by ${event.by}` : '';
}

function healthLine(health: ReleaseHealth | undefined): string {
  if (!health) return 'no loads in the last hour';
  const rate = health.loads ? ` (${((health.failures / health.loads) * 100).toFixed(1)}%)` : '';
  return `last hour: ${health.loads} loads, ${health.failures} failed${rate}, ${health.fellBack} fell back`;
}

async function list(apps: readonly ReleasedApp[]) {
  log(`Releases in ${store.where}`);
  const remoteRegistries: Registry[] = [];
  for (const app of apps) {
    const registry = await loadRegistry(store, app);
    if (app !== 'shell') remoteRegistries.push(registry);
    let health: ReleaseHealth[] | null = null;
    let healthProblem = '';
    if (app !== 'shell')
      health = await releaseHealth(apiUrl, app).catch((error: unknown) => {
        healthProblem = `(the api at ${apiUrl} could not be asked for their health: ${error instanceof Error ? error.message : error})`;
        return null;
      });
    log(`\n${app}`);
    if (!registry.releases.length) {
      log('  no releases yet');
      continue;
    }
    const canary = canaryRelease(registry);
    for (const { id, share } of registry.live) {
      const role = id === canary ? 'canary' : 'live';
      log(
        `  ${role.padEnd(9)}${id}  ${String(share).padStart(3)}%  ${wentLive(registry, id)}${
          health ? `\n             ${healthLine(health.find((entry) => entry.release === id))}` : ''
        }`,
      );
    }
    const previous = registry.previous.at(-1);
    if (previous) log(`  ${'previous'.padEnd(9)}${previous}  (the fall-back and the next rollback)`);
    if (healthProblem) log(`  ${healthProblem}`);
    for (const release of registry.releases.toReversed()) {
      const check = release.check ? (release.check.passed ? 'check passed' : 'check FAILED') : 'not checked';
      log(
        `  ${'release'.padEnd(9)}${release.id}  published ${when(release.publishedAt)} by ${release.publishedBy}, ${release.files} files, ${(release.bytes / 1024).toFixed(0)} KB, ${check}`,
      );
    }
    for (const event of registry.events.filter((entry) => entry.action === 'auto-rollback').slice(-3))
      log(`  rolled back automatically ${when(event.at)}: ${event.id}: ${event.note ?? ''}`);
  }
  if (remoteRegistries.length) await listOldShareNames(remoteRegistries);
}

/** Whether the shell still has to lend each renamed share under its old name (docs/federation.md). */
async function listOldShareNames(registries: readonly Registry[]) {
  const askers = await releasesAskingForOldShareNames(store, registries);
  const remotes = registries.map((registry) => registry.app).join(' and ');
  log(
    `\nrenamed shares (LEGACY_SHARE_NAMES in shared-contract), among the ${remotes} releases that can be served`,
  );
  for (const [old, releases] of Object.entries(askers))
    log(
      releases.length
        ? `  ${old} -> ${LEGACY_SHARE_NAMES[old]}: still asked for by ${releases.join(', ')}`
        : `  ${old} -> ${LEGACY_SHARE_NAMES[old]}: asked for by none; the shell may stop lending it`,
    );
}

async function publish(app: ReleasedApp, from: string | undefined) {
  let dir = from ? path.resolve(from) : path.join(appDir(app), 'dist');
  if (!from) {
    buildApp(app);
    dir = path.join(appDir(app), 'dist');
  }
  const { version } = JSON.parse(readFileSync(path.join(appDir(app), 'package.json'), 'utf8')) as {
    version: string;
  };
  const published = await publishRelease({ store, app, dir, version, commit: sourceCommit(repoRoot), by });
  const { release } = published;
  log(
    published.already
      ? `${app} ${release.id} was published before (${when(release.publishedAt)}): nothing written`
      : `${app} ${release.id} published: ${release.files} files, ${(release.bytes / 1024).toFixed(0)} KB in ${store.where}`,
  );
  if (app !== 'shell') log(`Next: pnpm release check ${app} ${release.id}`);
  else
    log(`Serve it: SHELL_DIR=<the store>/shell/public/releases/${release.id} node page-server/src/main.ts`);
}

async function check(app: ReleasedApp, id: string) {
  if (app === 'shell') throw new RefusedChange('the shell is checked by its tests; check a remote release');
  const registry = await loadRegistry(store, app);
  findRelease(registry, id);
  const manifestUrl = new URL(`releases/${id}/mf-manifest.json`, shop.remotes[app]).toString();
  log(`Checking ${app} ${id} (${manifestUrl}) in the current shell`);
  const result = await checkRelease({
    app,
    id,
    manifestUrl,
    shellDir: path.resolve(env.SHELL_DIR ?? path.join(appDir('shell'), 'dist')),
    repoRoot,
    env,
    port: releaseCheckPort(env, ports),
    log: (line) => log(`  ${line}`),
  });
  // Recorded on the latest registry: a check takes a while, and another command may have run meanwhile.
  const latest = await loadRegistry(store, app);
  await saveRegistry(store, {
    ...latest,
    releases: latest.releases.map((release) => (release.id === id ? { ...release, check: result } : release)),
    events: [
      ...latest.events,
      { at: result.at, by, action: 'check', id, note: result.passed ? 'passed' : 'failed' },
    ],
  });
  log(result.passed ? `${id} passed: it may be promoted` : `${id} did not pass: promote refuses it`);
  if (!result.passed) process.exitCode = 1;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      share: { type: 'string' },
      force: { type: 'boolean', default: false },
      every: { type: 'string', default: '60' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, first, second] = positionals;
  if (values.help || !command) return log(USAGE);
  if (command !== 'watch') await guardCanaries({ store, apiUrl, apps: REMOTES, by, log });
  switch (command) {
    case 'storefront':
    case 'admin':
    case 'shell':
      return publish(command, values.from);
    case 'check':
      return check(appOf(first), second ?? '');
    case 'promote': {
      const app = appOf(first);
      if (!second)
        throw new RefusedChange('name the release: pnpm release promote <app> <id> --share <1-100>');
      if (values.share === undefined)
        throw new RefusedChange('say the share: --share <1-100> (100 for everyone)');
      const registry = promote(
        await loadRegistry(store, app),
        second,
        Number(values.share),
        by,
        values.force,
      );
      await saveRegistry(store, registry);
      const canary = canaryRelease(registry);
      return log(
        canary
          ? `${app} ${second} is live for ${registry.live[0]!.share}% of browsers; the others keep ${stableRelease(registry)}`
          : `${app} ${second} is live for every browser${registry.previous.length ? `; it falls back and rolls back to ${registry.previous.at(-1)}` : ''}`,
      );
    }
    case 'rollback': {
      const app = appOf(first);
      const before = await loadRegistry(store, app);
      const registry = rollback(before, by);
      await saveRegistry(store, registry);
      return log(
        `${app}: ${before.live[0]!.id} is no longer live; ${stableRelease(registry)} is live for every browser`,
      );
    }
    case 'list':
      return list(first ? [appOf(first)] : APPS);
    case 'watch': {
      const everyMs = Number(values.every) * 1000;
      if (!(everyMs >= 1000)) throw new RefusedChange('--every must be at least 1 (seconds)');
      log(`Watching the canaries of ${REMOTES.join(' and ')} every ${everyMs / 1000} s (Ctrl-C stops)`);
      for (;;) {
        await guardCanaries({ store, apiUrl, apps: REMOTES, by, log });
        await new Promise((done) => setTimeout(done, everyMs));
      }
    }
    default:
      throw new RefusedChange(`no command ${command}\n\n${USAGE}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof RefusedChange ? error.message : error);
  process.exitCode = 1;
} finally {
  store.close();
}
