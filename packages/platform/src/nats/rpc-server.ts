import { headers as natsHeaders, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { Messages, NatsHeader, ServiceRequest, SharedOperation, type ParsedServiceRequest, type ServiceReply } from '@sv/contracts';
import type { Logger } from '../log/logger.ts';
import { errorToReply } from '../errors/error-reply.ts';
import type { HealthCheck } from '../http/health-server.ts';
import { NotFoundError, ValidationError, type FieldErrors } from '../errors/domain-errors.ts';
import { withRequestId } from '../log/request-context.ts';
import { natsOperationDuration, natsOperations } from '../metrics/kit-metrics.ts';
import { unsafeTextErrors } from '../text/unstorable-text.ts';
import { SpanKind, inSpan, recordReplyStatus, traceContextOf } from '../tracing/nats-trace.ts';
import type { Span } from '@opentelemetry/api';

/** One use-case behind an operation name; adapters parse, call it and shape the reply. */
export type OperationHandler = (request: ParsedServiceRequest) => Promise<ServiceReply>;
export type OperationTable = Record<string, OperationHandler>;

export interface RpcServer {
  /** Stops taking requests and waits for those in flight. */
  drain(): Promise<void>;
}

const encoder = new TextEncoder();

/**
 * Text no service can store (NUL, lone surrogates) anywhere in a request: body fields under their
 * own paths (as the gateway names them), the rest of the envelope under its part (`query.q`,
 * `files.0.filename`). Every caller is held to it, not only the gateway, so such text is a 422
 * here and never a database error later.
 */
const unstorableTextIn = (request: ParsedServiceRequest): FieldErrors | undefined => {
  const { body, operation: _operation, ...envelope } = request;
  const errors = { ...unsafeTextErrors(envelope), ...unsafeTextErrors(body) };
  return Object.keys(errors).length > 0 ? errors : undefined;
};

/**
 * Answers `subject` in a queue group, so N replicas share the load. Each request runs in its
 * own request-id context; any thrown error becomes the spec's error reply here, once.
 */
export const serveOperations = (options: {
  nc: NatsConnection;
  subject: string;
  queue: string;
  operations: OperationTable;
  logger: Logger;
  /** Names the service in its metrics. */
  service: string;
  /** The service's readiness checks, answered as SharedOperation.ready; without them that operation is unknown. */
  readiness?: () => Promise<Record<string, HealthCheck>>;
}): RpcServer => {
  const { nc, subject, queue, logger, service, readiness } = options;
  const operations: OperationTable = readiness
    ? {
        ...options.operations,
        [SharedOperation.ready]: async () => {
          const checks = await readiness();
          const ok = Object.values(checks).every((check) => check.ok);
          return { status: ok ? 200 : 503, body: { status: ok ? 'ok' : 'degraded', checks } };
        },
      }
    : options.operations;
  const inFlight = new Set<Promise<void>>();

  const handle = async (msg: Msg, span: Span): Promise<void> => {
    const started = performance.now();
    let operation = 'unknown';
    let reply: ServiceReply;
    try {
      const parsed = ServiceRequest.safeParse(msg.json());
      if (!parsed.success) {
        logger.error({ issues: parsed.error.issues }, 'malformed service request');
        reply = { status: 400, body: { success: false, error: Messages.malformedJson } };
      } else {
        const handler = Object.hasOwn(operations, parsed.data.operation) ? operations[parsed.data.operation] : undefined;
        // Only known operations get their own series: a caller cannot mint labels.
        if (!handler) throw new NotFoundError(Messages.endpointNotFound, 'operation_unknown');
        operation = parsed.data.operation;
        span.updateName(`${service} ${operation}`);
        span.setAttribute('rpc.method', operation);
        const unstorable = unstorableTextIn(parsed.data);
        if (unstorable) throw new ValidationError(unstorable);
        reply = await handler(parsed.data);
      }
    } catch (error) {
      reply = errorToReply(error, logger);
    }
    const replyHeaders = natsHeaders();
    const requestId = msg.headers?.get(NatsHeader.requestId);
    if (requestId) replyHeaders.set(NatsHeader.requestId, requestId);
    msg.respond(encoder.encode(JSON.stringify(reply)), { headers: replyHeaders });
    recordReplyStatus(span, reply.status);
    const seconds = (performance.now() - started) / 1000;
    natsOperations.inc({ service, operation, status: String(reply.status) });
    natsOperationDuration.observe({ service, operation }, seconds);
    // The gateway writes the access line of every request; here each operation is a debug line.
    logger.debug({ operation, status: reply.status, duration_ms: Math.round(seconds * 1000) }, 'operation');
  };

  const subscription: Subscription = nc.subscribe(subject, {
    queue,
    callback: (error, msg) => {
      if (error) {
        logger.error({ err: error }, 'subscription error');
        return;
      }
      const requestId = msg.headers?.get(NatsHeader.requestId) || undefined;
      // A server span under the caller's (from the message headers): the operation's own queries nest in it.
      const traced = () =>
        inSpan(`${service} request`, { kind: SpanKind.SERVER, parent: traceContextOf(msg.headers), attributes: { 'rpc.system': 'nats', 'rpc.service': service } }, (span) =>
          handle(msg, span),
        );
      const task = withRequestId(requestId, traced).catch((err: unknown) =>
        logger.error({ err }, 'failed to answer a request'),
      );
      inFlight.add(task);
      void task.finally(() => inFlight.delete(task));
    },
  });

  return {
    async drain() {
      await subscription.drain();
      await Promise.allSettled([...inFlight]);
    },
  };
};
