import { StartupRefusal } from './config/config-problems.ts';
import { loadConfig } from './config/load-config.ts';

// `node api/src/server.ts`: the api on API_PORT (3000), embedded PGlite under DATA_DIR unless DATABASE_URL.
const config = loadConfig();
// OpenTelemetry must patch node:http and Fastify before they are loaded, so the app comes in after it;
// without OTEL_EXPORTER_OTLP_ENDPOINT nothing of it is loaded at all.
const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
  ? (await import('./observability/tracing.ts')).startTracing()
  : undefined;
const { buildApp } = await import('./app.ts');
const { DEMO_ACCOUNTS } = await import('./seed/seed.ts');
const app = await buildApp(tracing ? { tracing } : {}).catch((error: unknown) => {
  if (!(error instanceof StartupRefusal)) throw error;
  // One line per setting to fix, nothing else: the operator reads the first line of the log.
  for (const problem of error.problems) console.error(`Refusing to start: ${problem}`);
  process.exit(1);
});

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: closing`);
  await app.close();
  // The last spans (this shutdown's included) go out before the process does.
  await tracing?.shutdown();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
const lines = [
  `Shop API listening on ${url}/api/v1 (docs: ${url}/api/docs)`,
  `Tracing: ${tracing ? `OpenTelemetry to ${process.env.OTEL_EXPORTER_OTLP_ENDPOINT}` : 'off'}; metrics: ${config.metrics.port !== undefined ? `/metrics on ${config.metrics.host}:${app.shop.metricsPort}` : config.metrics.token ? '/metrics with METRICS_TOKEN' : 'off'}`,
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
