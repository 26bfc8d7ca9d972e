import { frontendApps, type FrontendApp } from './lib/apps.ts';
import { buildMissingApps } from './lib/build-apps.ts';

// `node scripts/build.ts [--force] [shell|storefront|admin ...]`: builds what is missing or out of date.
const args = process.argv.slice(2);
const force = args.includes('--force');
const named = args.filter((arg): arg is FrontendApp => (frontendApps as readonly string[]).includes(arg));
const built = await buildMissingApps(named.length ? named : frontendApps, force);
console.log(built.length ? `built: ${built.join(', ')}` : 'all builds are current');
