import { buildApp } from './app.ts';
import { loadConfig, StartupRefusal } from './config.ts';
import { DEMO_ACCOUNTS } from './seed/seed.ts';

// `node api/src/server.ts`: the api on API_PORT (3000), embedded PGlite under DATA_DIR unless DATABASE_URL.
const config = loadConfig();
const app = await buildApp().catch((error: unknown) => {
  if (!(error instanceof StartupRefusal)) throw error;
  // One line per setting to fix, nothing else: the operator reads the first line of the log.
  for (const problem of error.problems) console.error(`Refusing to start: ${problem}`);
  process.exit(1);
});

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: closing`);
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
const lines = [
  `Shop API listening on ${url}/api/v1 (docs: ${url}/api/docs)`,
  `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
  `Payments: ${config.paymentGateway === 'stripe' ? 'Stripe' : 'local test-mode gateway (test cards only)'}; identity: local${config.clerkJwtKey || config.clerkSecretKey ? ' + Clerk' : ''}`,
];
if (config.seedDemo) {
  lines.push(
    'Demo accounts:',
    ...DEMO_ACCOUNTS.map((account) => `  ${account.email} / ${account.password} (${account.role})`),
  );
}
console.log(lines.join('\n'));
