import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import {
  AnalyticsOperation,
  CatalogueOperation,
  CreditOperation,
  DeliveryOperation,
  FinanceOperation,
  IngestionOperation,
  Messages,
  ReleaseOperation,
  RightsOperation,
  RoyaltyOperation,
  SupplyChainOperation,
  TrackOperation,
  VideoOperation,
  WebhookOperation,
  can,
  moneyPayee,
  releaseAuthorship,
  type AnyRouteDefinition,
  type Permission,
  type Principal,
} from '@sv/contracts';
import { NotFoundError, ValidationError, parseFields } from '@sv/platform';
import { flatQuery } from '../forward.ts';
import { locals } from '../locals.ts';

/**
 * What the owning service checks before it reads the request: nothing, one permission, or the
 * release-creation and withdrawal rules. A caller it would refuse is forwarded unread, so its 403
 * still comes before any 422, as the service answers it.
 */
type Gate = 'anyone' | 'release_author' | 'money_payee' | Permission;

export interface EdgeRule {
  gate: Gate;
  /**
   * The service's 404 for a `uuid` path parameter that names no record. Set only where the
   * service looks the record up after the checks above, so a value that cannot be a uuid is
   * answered here with the same words.
   */
  notFound?: string;
  /** The service reads a request without a JSON body as `{}`; unset, as no body at all (`The body field is required.`). */
  absentBody?: 'empty';
}

/**
 * Operations whose service parses the registry's own schema first thing after its gate, checked
 * against the handlers. Missing on purpose: the splits (their 422 carries the sum's message as
 * its error), bulk ingestion (each release is judged on its own by the job), localizations (the
 * locale is checked before the body), the streaming reads (their reader check is the service's
 * own) and every upload's form.
 */
export const EDGE_RULES: Readonly<Partial<Record<string, EdgeRule>>> = {
  [ReleaseOperation.list]: { gate: 'anyone' },
  [ReleaseOperation.create]: { gate: 'release_author', absentBody: 'empty' },
  [ReleaseOperation.get]: { gate: 'anyone', notFound: Messages.releaseNotFound },
  [ReleaseOperation.update]: { gate: 'releases.update', absentBody: 'empty', notFound: Messages.releaseNotFound },
  [ReleaseOperation.delete]: { gate: 'releases.delete', notFound: Messages.releaseNotFound },
  [ReleaseOperation.submit]: { gate: 'releases.submit', notFound: Messages.releaseNotFound },
  [ReleaseOperation.approve]: { gate: 'releases.approve', notFound: Messages.releaseNotFound },
  [ReleaseOperation.reject]: { gate: 'releases.reject', absentBody: 'empty', notFound: Messages.releaseNotFound },
  [ReleaseOperation.artworkPresign]: { gate: 'releases.update', absentBody: 'empty' },
  [TrackOperation.list]: { gate: 'anyone', notFound: Messages.releaseNotFound },
  [TrackOperation.create]: { gate: 'tracks.manage', notFound: Messages.releaseNotFound },
  [TrackOperation.get]: { gate: 'anyone', notFound: Messages.trackNotFound },
  [TrackOperation.update]: { gate: 'tracks.manage', absentBody: 'empty', notFound: Messages.trackNotFound },
  [TrackOperation.delete]: { gate: 'tracks.manage', notFound: Messages.trackNotFound },
  [CatalogueOperation.artistsList]: { gate: 'anyone' },
  [CatalogueOperation.artistsCreate]: { gate: 'artists.manage' },
  [CatalogueOperation.artistsGet]: { gate: 'anyone', notFound: Messages.artistNotFound },
  [CatalogueOperation.artistsUpdate]: { gate: 'artists.manage', absentBody: 'empty', notFound: Messages.artistNotFound },
  [CatalogueOperation.artistsDelete]: { gate: 'artists.manage', notFound: Messages.artistNotFound },
  [VideoOperation.list]: { gate: 'anyone' },
  [VideoOperation.create]: { gate: 'videos.manage' },
  [VideoOperation.get]: { gate: 'anyone', notFound: Messages.videoNotFound },
  [VideoOperation.update]: { gate: 'videos.manage', absentBody: 'empty', notFound: Messages.videoNotFound },
  [VideoOperation.delete]: { gate: 'videos.manage', notFound: Messages.videoNotFound },
  [VideoOperation.reject]: { gate: 'videos.review', absentBody: 'empty' },
  [CreditOperation.writersList]: { gate: 'anyone' },
  [CreditOperation.writersCreate]: { gate: 'credits.manage' },
  [CreditOperation.writersUpdate]: { gate: 'credits.manage', absentBody: 'empty' },
  [CreditOperation.publishersList]: { gate: 'anyone' },
  [CreditOperation.publishersCreate]: { gate: 'credits.manage' },
  [CreditOperation.publishersUpdate]: { gate: 'credits.manage', absentBody: 'empty' },
  [CreditOperation.collaboratorsList]: { gate: 'anyone' },
  [CreditOperation.collaboratorsCreate]: { gate: 'credits.manage' },
  [CreditOperation.collaboratorsUpdate]: { gate: 'credits.manage', absentBody: 'empty' },
  [CreditOperation.trackCreditsReplace]: { gate: 'credits.manage' },
  [RightsOperation.releaseReplace]: { gate: 'credits.manage' },
  [RightsOperation.trackReplace]: { gate: 'credits.manage' },
  [SupplyChainOperation.dsps]: { gate: 'anyone' },
  [SupplyChainOperation.releaseDspsAdd]: { gate: 'releases.update', absentBody: 'empty' },
  [SupplyChainOperation.releaseDspsReplace]: { gate: 'releases.update', absentBody: 'empty' },
  [SupplyChainOperation.releaseDspsOverride]: { gate: 'supply_chain.manage', absentBody: 'empty' },
  [SupplyChainOperation.releaseConfigMonetization]: { gate: 'supply_chain.manage', absentBody: 'empty' },
  [SupplyChainOperation.releaseConfigPricingTier]: { gate: 'supply_chain.manage', absentBody: 'empty' },
  [SupplyChainOperation.releaseConfigTerritories]: { gate: 'supply_chain.manage', absentBody: 'empty' },
  [DeliveryOperation.deliveries]: { gate: 'anyone' },
  [WebhookOperation.list]: { gate: 'webhooks.read' },
  [WebhookOperation.create]: { gate: 'webhooks.manage' },
  [WebhookOperation.update]: { gate: 'webhooks.manage', absentBody: 'empty' },
  [WebhookOperation.deliveries]: { gate: 'webhooks.read' },
  [IngestionOperation.json]: { gate: 'anyone', absentBody: 'empty' },
  [IngestionOperation.jobsList]: { gate: 'anyone' },
  [RoyaltyOperation.withdraw]: { gate: 'money_payee', absentBody: 'empty' },
  [RoyaltyOperation.list]: { gate: 'finance.manage' },
  [RoyaltyOperation.create]: { gate: 'finance.manage', absentBody: 'empty' },
  [RoyaltyOperation.lineItems]: { gate: 'finance.manage', absentBody: 'empty' },
  [FinanceOperation.periodsList]: { gate: 'finance.manage' },
  [FinanceOperation.periodsCreate]: { gate: 'finance.manage' },
  [FinanceOperation.salesReportsList]: { gate: 'finance.manage' },
  [FinanceOperation.salesReportsCreate]: { gate: 'finance.manage' },
  [FinanceOperation.salesReportRows]: { gate: 'finance.manage' },
  [FinanceOperation.statementsList]: { gate: 'finance.manage' },
  [FinanceOperation.payeeStatementsList]: { gate: 'finance.manage' },
  [FinanceOperation.payoutsList]: { gate: 'finance.manage' },
  [FinanceOperation.payoutsCreate]: { gate: 'finance.manage' },
  [AnalyticsOperation.overview]: { gate: 'analytics.read' },
  [AnalyticsOperation.byRelease]: { gate: 'analytics.read' },
  [AnalyticsOperation.byTerritory]: { gate: 'analytics.read' },
  [AnalyticsOperation.byDsp]: { gate: 'analytics.read' },
  [AnalyticsOperation.timeSeries]: { gate: 'analytics.read' },
  [AnalyticsOperation.artist]: { gate: 'analytics.read' },
  [AnalyticsOperation.ingest]: { gate: 'analytics.read', absentBody: 'empty' },
};

const passes = (gate: Gate, principal: Principal): boolean => {
  if (gate === 'anyone') return true;
  if (gate === 'release_author') return releaseAuthorship(principal).allowed;
  if (gate === 'money_payee') return moneyPayee(principal).allowed;
  return can(principal, gate);
};

const recordUuid = z.uuid();

/**
 * Refuses at the edge, before the idempotency row and the NATS hop, a forwarded request its
 * service would refuse on reading it: the route's query or JSON body against the registry's
 * schemas, with the service's own parser (so the 422 carries the same messages), then a `uuid`
 * path parameter that cannot name a record (the service's 404). The service still parses what it
 * receives. Undefined for a route the edge leaves wholly to its service.
 */
export const validateAtEdge = (entry: AnyRouteDefinition): RequestHandler | undefined => {
  const rule = EDGE_RULES[entry.operation];
  if (!rule) return undefined;
  const { query, body, params } = entry.request;
  // An upload's form is read by the upload step; only its path is checked here, before the stream is read.
  const bodySchema = entry.upload ? undefined : body;
  const notFound = params?.shape.uuid && rule.notFound;
  if (!query && !bodySchema && !notFound) return undefined;
  return (req: Request, res: Response, next: NextFunction): void => {
    const principal = locals(res).principal;
    if (!principal || !passes(rule.gate, principal)) return next();
    if (query) {
      const parsed = parseFields(query, flatQuery(req.query));
      if (!parsed.ok) throw new ValidationError(parsed.fields);
    }
    if (bodySchema) {
      const sent: unknown = req.body ?? (rule.absentBody === 'empty' ? {} : undefined);
      const parsed = parseFields(bodySchema, sent);
      if (!parsed.ok) throw new ValidationError(parsed.fields);
    }
    if (notFound && !recordUuid.safeParse(req.params.uuid).success) throw new NotFoundError(notFound, 'route.record_not_found');
    next();
  };
};
