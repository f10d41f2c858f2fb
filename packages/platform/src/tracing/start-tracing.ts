import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { HTTP_ROUTE } from './nats-trace.ts';
import { setTracingShutdown } from './tracing-shutdown.ts';
import type { TracingConfig } from './tracing-config.ts';

/** Paths whose spans would be noise: probes and scrapes every few seconds. */
const UNTRACED_PATHS = /^\/(health|metrics)(\/|$|\?)/;

/**
 * Starts the OpenTelemetry SDK for this process: spans of node:http (server and client), express
 * and pg, W3C trace context, exported by OTLP over HTTP. The kit's NATS adapters add their own
 * spans and carry the context in message headers (nats-trace.ts).
 */
export const startTracing = async (config: TracingConfig): Promise<void> => {
  // Only the modules an instrumentation asks for go through the loader hook, not every import.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': config.serviceName,
      'service.namespace': 'sv',
      'service.version': config.version,
      'deployment.environment.name': config.environment,
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: config.tracesUrl ?? undefined }), { scheduledDelayMillis: config.exportDelayMs })],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? ''),
        // The exporter's own requests would trace themselves.
        ignoreOutgoingRequestHook: (options) => typeof options.path === 'string' && options.path.endsWith('/v1/traces'),
        applyCustomAttributesOnSpan: (span, request, response) => {
          const route = (response as { [HTTP_ROUTE]?: string })[HTTP_ROUTE];
          if (!route) return;
          span.setAttribute('http.route', route);
          span.updateName(`${(request as { method?: string }).method ?? 'GET'} ${route}`);
        },
      }),
      // A span per middleware layer would bury the request's own work; route handlers keep theirs.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  setTracingShutdown(() => provider.shutdown());
  await waitForAllMessagesAcknowledged();
};
