import type { z } from 'zod';
import type { Permission } from '../permissions.ts';
import type { OperationOf, RoutedService } from './operations/service-operations.ts';

/*
 * The shape of one public route, declared once: the gateway routes from it, the docs service
 * describes it in OpenAPI 3.1 and the MCP server turns it into a tool.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The spec's rate-limit categories (Limits): requests per minute per access token. */
export const RATE_LIMITS = {
  general: 120,
  audio_upload: 10,
  distribution: 30,
  analytics: 60,
  auth: 5,
  ingestion_bulk: 30,
} as const;
export type RateCategory = keyof typeof RATE_LIMITS;

/** Every rate-limit window is one minute. */
export const RATE_WINDOW_SECONDS = 60;

/**
 * The size ceiling of each kind of upload, in megabytes (spec, Limits: image 20, audio 200 for the
 * whole multipart body, document 10, animated artwork 50). The spec gives no video ceiling; 2 GB
 * is this platform's. The spec's limits do not name stores' sales reports either; a month of a
 * large store's lines runs to hundreds of megabytes, so 512 MB is this platform's.
 */
export const UPLOAD_MAX_MEGABYTES = {
  image: 20,
  audio: 200,
  document: 10,
  animated: 50,
  video: 2048,
  sales_report: 512,
} as const;
export type UploadKind = keyof typeof UPLOAD_MAX_MEGABYTES;

/** A route that takes a file: the gateway streams it into the blob store and forwards a reference. */
export interface UploadSpec {
  /** The multipart field holding the file. */
  field: string;
  kind: UploadKind;
  /** Content types accepted as a raw (non-multipart) body holding the file itself. */
  rawContentTypes?: readonly string[];
  /** Message when the file field is absent (422). */
  missingMessage?: string;
  /**
   * The file is never stored: the gateway reads it (a document, as UTF-8 text) into the forwarded
   * body under `field`. The ceiling is the kind's or what one bus message carries, whichever is smaller.
   */
  inline?: boolean;
}

export const SUCCESS_STATUSES = [200, 201, 202, 204] as const;
export type SuccessStatus = (typeof SUCCESS_STATUSES)[number];

/** The spec's error statuses (Errors); 500 can answer any route and is not listed per route. */
export const ERROR_STATUSES = [400, 401, 402, 403, 404, 409, 413, 415, 422, 429, 502, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

export interface ResponseSpec {
  description: string;
  /** The body; absent for 204. */
  body?: z.ZodType;
  /** Only when not application/json (a DDEX preview is application/xml). */
  contentType?: string;
}

/** Which of the spec's pagination modes a list takes (Conventions, Pagination). */
export type Pagination = 'page' | 'cursor' | 'page_or_cursor';

export interface RouteRequest {
  /** One key per `:param` of the path. A value that does not parse is 404, not 422 (a locale: 422). */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** The JSON body; an upload's form fields are described by `upload`. */
  body?: z.ZodType;
}

/**
 * What the owning service checks before it reads the request: nothing, one permission, or the
 * release-creation and withdrawal rules. A caller it would refuse is forwarded unread, so its 403
 * still comes before any 422 or 404, as the service answers it.
 */
export type EdgeGate = 'anyone' | 'release_author' | 'money_payee' | Permission;

/**
 * What the gateway checks at its edge, as the owning service would on reading the request: the
 * query, then the JSON body, against the registry's own schemas (which the service parses first
 * thing after its gate), then the `uuid` path parameter; so the edge's refusal is the service's,
 * word for word.
 */
export interface EdgeRule {
  gate: EdgeGate;
  /**
   * The service's 404 for a `uuid` path parameter that names no record. Set only where the
   * service looks the record up right after the checks above, so a value that cannot be a uuid is
   * answered at the edge with the same words.
   */
  notFound?: string;
  /** The service reads a request without a JSON body as `{}`; unset, as no body at all (`The body field is required.`). */
  absentBody?: 'empty';
}

export interface RouteDefinition<TService extends RoutedService = RoutedService> {
  method: HttpMethod;
  /** Express path relative to the version root (`/v1` and unversioned paths are the same routes). */
  path: string;
  service: TService;
  /** The name the owning service registers its handler under. */
  operation: OperationOf<TService>;
  /** One line; the spec's wording where it has one. */
  summary: string;
  /** null: not counted at all (the health probe). */
  rate: RateCategory | null;
  /** True when no token is needed (login, refresh, password reset, health). */
  anonymous: boolean;
  /** True when the route honours Idempotency-Key. */
  idempotent: boolean;
  /**
   * True when the route hands out a credential (an access token, a signing secret, a signed
   * upload URL) or redeems a one-time one (a password-reset token, an email code): no cache may
   * keep its answer (Cache-Control: no-store).
   */
  sensitive: boolean;
  upload?: UploadSpec;
  request: RouteRequest;
  /** Success statuses and what each answers. */
  responses: Partial<Record<SuccessStatus, ResponseSpec>>;
  /** Error statuses whose body is not the standard error body (the health probe's 503). */
  errorResponses?: Partial<Record<ErrorStatus, ResponseSpec>>;
  /** Every error status the route can answer, in ascending order. */
  errors: readonly ErrorStatus[];
  paginated?: Pagination;
  /**
   * Another spelling of the route at this path (same method, same operation): the gateway serves
   * both, the OpenAPI description lists both (this one marked `x-alias-of`), tools show the canonical one.
   */
  aliasOf?: string;
  /**
   * How long the gateway waits for the service's answer, when the route's work is longer than a
   * request's usual bound (loading a large report); unset, the gateway's SV_SERVICE_TIMEOUT_MS.
   */
  serviceTimeoutMs?: number;
  /**
   * A read whose answer is the catalogue's rows alone (no clock, no signed URL, no other service):
   * the gateway keeps its 200 answers per caller and request, and drops them when the catalogue
   * announces a change of the tenant's rows (catalogueDataChangedSubject) or the gateway forwards
   * any write of the tenant. Only catalogue GET routes may set it.
   */
  cached?: boolean;
  /**
   * Checked at the gateway's edge before the idempotency row and the service hop (see EdgeRule);
   * unset, the request is left wholly to its service. Missing on purpose: the splits (their 422
   * carries the sum's message as its error), bulk ingestion (each release is judged on its own by
   * the job), localizations (the locale is checked before the body), the streaming reads (their
   * reader check is the service's own) and every upload's form. No `notFound` where the service
   * judges something else before the record: a release's settings and store overrides (their
   * codes), the DDEX preview (its file name), an artist's analytics (the date range), a sales
   * report upload (its form); nor for an ingestion job, whose 404 message is ingestion's own.
   */
  edge?: EdgeRule;
}

/** Every route of any service, each with its own service's operation type. */
export type AnyRouteDefinition = { [TService in RoutedService]: RouteDefinition<TService> }[RoutedService];
