import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { can, moneyPayee, releaseAuthorship, type AnyRouteDefinition, type EdgeGate, type Principal } from '@sv/contracts';
import { NotFoundError, ValidationError, parseFields } from '@sv/platform';
import { flatQuery } from '../forward.ts';
import { locals } from '../locals.ts';

const passes = (gate: EdgeGate, principal: Principal): boolean => {
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
 * receives. What is checked, and for whom, is the route's own `edge` declaration; undefined for a
 * route without one, which the edge leaves wholly to its service.
 */
export const validateAtEdge = (entry: AnyRouteDefinition): RequestHandler | undefined => {
  const rule = entry.edge;
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
