import { RightsBody, RightsOperation } from '../rights.ts';
import { defineRoute } from './define-route.ts';
import { UuidParams } from './requests/path-params.ts';
import { RightsReply } from './responses/rights.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

type RightsOwner = 'release' | 'track';

const OPERATIONS = {
  release: { get: RightsOperation.releaseGet, replace: RightsOperation.releaseReplace },
  track: { get: RightsOperation.trackGet, replace: RightsOperation.trackReplace },
} as const;

const rightsRoutes = (owner: RightsOwner): AnyRouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: `/${owner}s/:uuid/rights`,
    service: 'catalogue',
    operation: OPERATIONS[owner].get,
    summary: `Get the ${owner}'s rights records, in the order stored.`,
    request: { params: UuidParams },
    responses: { 200: { description: 'The rights records.', body: RightsReply } },
  }),
  defineRoute({
    method: 'PUT',
    path: `/${owner}s/:uuid/rights`,
    service: 'catalogue',
    operation: OPERATIONS[owner].replace,
    edge: { gate: 'credits.manage' },
    summary: `Replace the ${owner}'s rights records with the whole set sent ([] removes every record).`,
    request: { params: UuidParams, body: RightsBody },
    responses: { 200: { description: 'The rights records as stored, each with a new uuid.', body: RightsReply } },
    // 409: the release is neither draft nor rejected.
    errors: [409],
  }),
];

/** A release and each of its tracks have their own set of rights records. */
export const RIGHTS_ROUTES: readonly AnyRouteDefinition[] = [...rightsRoutes('release'), ...rightsRoutes('track')];
