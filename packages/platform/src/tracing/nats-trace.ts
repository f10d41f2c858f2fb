import {
  INVALID_SPAN_CONTEXT,
  context,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
  type Context,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import type { MsgHdrs } from '@nats-io/transport-node';
import { tracingIsOn } from './tracing-shutdown.ts';

/*
 * NATS has no OpenTelemetry instrumentation, so the kit carries W3C trace context (`traceparent`,
 * `tracestate`) in message headers itself and opens a span on each side. With tracing off the API
 * is a no-op: nothing is written to a header and every span is a non-recording one.
 */

const tracer = () => trace.getTracer('sv-platform');

const headerSetter: TextMapSetter<MsgHdrs> = { set: (headers, key, value) => headers.set(key, value) };

const headerGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (headers) => (headers ? headers.keys() : []),
  get: (headers, key) => (headers?.has(key) ? headers.get(key) : undefined),
};

const recordGetter: TextMapGetter<Record<string, string>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key],
};

/** Writes the current (or given) trace context into outgoing message headers. */
export const injectTraceHeaders = (headers: MsgHdrs, from: Context = context.active()): void => propagation.inject(from, headers, headerSetter);

/** The trace context an incoming message carries (the root context when it carries none). */
export const traceContextOf = (headers: MsgHdrs | undefined): Context => propagation.extract(context.active(), headers, headerGetter);

/** The current trace context as a `traceparent` value to keep with a row (outbox, webhook delivery); null when no trace is active. */
export const currentTraceParent = (): string | null => {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
};

/** The context a stored `traceparent` names. */
export const traceContextOfParent = (traceParent: string | null | undefined): Context =>
  traceParent ? propagation.extract(context.active(), { traceparent: traceParent }, recordGetter) : context.active();

/** What `fn` gets when tracing is off: every call on it does nothing. */
const UNTRACED: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

export interface SpanOptions {
  kind: SpanKind;
  attributes?: Record<string, string | number | boolean>;
  /** The parent; the active context when absent. */
  parent?: Context;
}

/**
 * Runs `fn` inside a new active span, ending it when `fn` settles and marking it failed when `fn`
 * throws. `fn` may rename the span or add attributes once it knows more.
 */
export const inSpan = async <T>(name: string, options: SpanOptions, fn: (span: Span) => Promise<T>): Promise<T> =>
  // Off: one shared non-recording span, nothing started or allocated on the hot path.
  !tracingIsOn()
    ? fn(UNTRACED)
    : tracer().startActiveSpan(name, { kind: options.kind, attributes: options.attributes ?? {} }, options.parent ?? context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
      throw error;
    } finally {
      span.end();
    }
  });

export { SpanKind, SpanStatusCode };

/** A service reply's status on its span, either side of the request: a 5xx marks the span failed. */
export const recordReplyStatus = (span: Span, status: number): void => {
  span.setAttribute('rpc.status', status);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
};

/** The active span's trace and span ids for a log line; nothing outside a sampled trace. */
export const currentTraceIds = (): { trace_id: string; span_id: string } | undefined => {
  const spanContext = trace.getSpan(context.active())?.spanContext();
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return undefined;
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
};

/** Where a server that matches routes itself leaves the route template on the response. */
export const HTTP_ROUTE = Symbol.for('sv.http.route');

/**
 * Names the HTTP server span after the route template (`POST /releases/{uuid}`), not the raw
 * path, for servers that match routes themselves rather than through express's router: the
 * tracing preload reads it when the response ends.
 */
export const nameHttpRoute = (response: object, route: string): void => {
  (response as { [HTTP_ROUTE]?: string })[HTTP_ROUTE] = route;
};
