import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { startNodeSdk } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import FastifyOtelInstrumentation from '@fastify/otel';
import type { FastifyPluginCallback } from 'fastify';
import { operationOf, wrapQueries } from './sql-hook.ts';

/** What the api needs from tracing once it is on (buildApp's `tracing` option). */
export interface Tracing {
  /** Registered before any route: a span per request and per handler. */
  fastifyPlugin: FastifyPluginCallback;
  /** The active span's trace and span ids, for each log line written inside a request. */
  logFields(): { trace_id?: string; span_id?: string };
  /** Sends what is still buffered and stops; the process exits after it. */
  shutdown(): Promise<void>;
}

/** Probes and scrapes every few seconds would drown the traces shoppers make. */
const UNTRACED = /^\/(api\/v1\/health(\/|$|\?)|metrics(\?|$))/;

/**
 * OpenTelemetry for the api: `@opentelemetry/sdk-node` with the http instrumentation (the root span of
 * every request, W3C trace context taken from `traceparent`, and the calls the api makes: Stripe, S3),
 * `@fastify/otel` (the route's span and its handler's), and a span per SQL statement from drizzle's one
 * query path (sql-hook.ts: no instrumentation exists for postgres.js or PGlite; the statement's text has
 * placeholders, never the values). Exporters, sampling and the service name come from the standard
 * OTEL_* variables (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_TRACES_SAMPLER …).
 *
 * server.ts starts it only when OTEL_EXPORTER_OTLP_ENDPOINT is set, before Fastify is loaded, so with
 * tracing off none of this is even imported. Tests pass their own span processors (in memory).
 */
export function startTracing(options: { spanProcessors?: SpanProcessor[] } = {}): Tracing {
  const fastifyOtel = new FastifyOtelInstrumentation({
    ignorePaths: ({ url }) => UNTRACED.test(url),
    // Eight hook spans per request would cost more than they tell; the route and handler spans stay.
    instrumentHooks: false,
  });
  const sdk = startNodeSdk({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request: IncomingMessage) => UNTRACED.test(request.url ?? ''),
      }),
      fastifyOtel,
    ],
    // Metrics are prom-client's (/metrics) and logs are pino's: only traces go out through OTLP.
    metricReaders: [],
    logRecordProcessors: [],
    resourceAttributes: { 'service.name': process.env.OTEL_SERVICE_NAME ?? 'shop-api' },
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
  });
  // The instrumentation patches node:http as it is required; Fastify may be loaded already (tests), so it
  // is required once more here, which patches it either way.
  createRequire(import.meta.url)('node:http');

  const tracer = trace.getTracer('shop-api');
  const stopSql = wrapQueries((sqlText, run) => {
    const operation = operationOf(sqlText);
    return tracer.startActiveSpan(
      operation,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'postgresql',
          'db.operation.name': operation,
          'db.query.text': sqlText,
        },
      },
      async (span) => {
        try {
          return await run();
        } catch (error) {
          span.recordException(error as Error);
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  });

  return {
    fastifyPlugin: fastifyOtel.plugin(),
    logFields() {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    async shutdown() {
      stopSql();
      await sdk.shutdown();
    },
  };
}
