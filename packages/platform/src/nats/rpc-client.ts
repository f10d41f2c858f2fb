import {
  headers as natsHeaders,
  NoRespondersError,
  RequestError,
  TimeoutError,
  type NatsConnection,
} from '@nats-io/transport-node';
import { Messages, NatsHeader, ServiceReply, type ParsedServiceReply, type ServiceRequest } from '@sv/contracts';
import { UnavailableError } from '../errors/domain-errors.ts';
import { currentRequestId } from '../log/request-context.ts';
import { serviceCallDuration, serviceCalls } from '../metrics/kit-metrics.ts';
import { SpanKind, inSpan, recordReplyStatus, injectTraceHeaders } from '../tracing/nats-trace.ts';
import type { Span } from '@opentelemetry/api';

const hasNoResponders = (error: unknown): boolean =>
  error instanceof NoRespondersError || (error instanceof RequestError && error.isNoResponders());

/**
 * Asks a service and returns its reply. No replica listening answers at once (NATS "no
 * responders"); a replica that does not answer in `timeoutMs` is treated the same. Both become
 * UnavailableError, which the edge maps to 503, so a caller never hangs.
 */
export const callService = async (
  nc: NatsConnection,
  subject: string,
  request: ServiceRequest,
  timeoutMs: number,
): Promise<ParsedServiceReply> => {
  // The service asked (the subject's last token), not the environment's prefix, names the series.
  const labels = { service: subject.slice(subject.lastIndexOf('.') + 1), operation: request.operation };
  return inSpan(`${labels.service} ${request.operation}`, { kind: SpanKind.CLIENT, attributes: { 'rpc.system': 'nats', 'rpc.service': labels.service, 'rpc.method': request.operation } }, (span) =>
    ask(nc, subject, request, timeoutMs, labels, span),
  );
};

const ask = async (
  nc: NatsConnection,
  subject: string,
  request: ServiceRequest,
  timeoutMs: number,
  labels: { service: string; operation: string },
  span: Span,
): Promise<ParsedServiceReply> => {
  const headers = natsHeaders();
  const requestId = currentRequestId();
  if (requestId) headers.set(NatsHeader.requestId, requestId);
  injectTraceHeaders(headers);
  const started = performance.now();
  let outcome = 'error';
  try {
    const msg = await nc.request(subject, JSON.stringify(request), { timeout: timeoutMs, headers });
    const reply = ServiceReply.parse(msg.json());
    outcome = String(reply.status);
    recordReplyStatus(span, reply.status);
    return reply;
  } catch (error) {
    // No replica listening: the request was never seen. A timeout: it may have been.
    if (hasNoResponders(error)) {
      outcome = 'unreachable';
      throw new UnavailableError(undefined, 'service_unreachable');
    }
    if (error instanceof TimeoutError || (error as Error)?.name === 'TimeoutError') {
      outcome = 'timeout';
      throw new UnavailableError(undefined, 'service_timeout');
    }
    throw error;
  } finally {
    serviceCalls.inc({ ...labels, outcome });
    serviceCallDuration.observe(labels, (performance.now() - started) / 1000);
  }
};

/**
 * A 404 about the record asked for. A service that does not know the operation at all (an older
 * replica) also answers 404, with "Endpoint not found." (rpc-server): that is no answer about the record.
 */
export const isRecordNotFound = (reply: ParsedServiceReply): boolean =>
  reply.status === 404 && (reply.body as { error?: unknown } | undefined)?.error !== Messages.endpointNotFound;
