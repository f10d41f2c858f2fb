import type { z } from 'zod';
import {
  CreateCollaboratorBody,
  CreatePublisherBody,
  CreateWriterBody,
  CreditOperation,
  TrackCreditsBody,
  UpdateCollaboratorBody,
  UpdatePublisherBody,
  UpdateWriterBody,
} from '../credits.ts';
import { defineRoute } from './define-route.ts';
import { DefaultListQuery } from './requests/list-queries.ts';
import { UuidParams } from './requests/path-params.ts';
import {
  CollaboratorListReply,
  CollaboratorReply,
  PublisherListReply,
  PublisherReply,
  TrackCreditsReply,
  WriterListReply,
  WriterReply,
} from './responses/credits.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

type PartyKind = 'writers' | 'publishers' | 'collaborators';

interface PartySchemas {
  singular: string;
  create: z.ZodType;
  update: z.ZodType;
  one: z.ZodType;
  page: z.ZodType;
  /** 409 where a value must be unique in the tenant (a writer's or publisher's IPI). */
  uniqueClash: boolean;
}

const PARTIES: Record<PartyKind, PartySchemas> = {
  writers: {
    singular: 'writer',
    create: CreateWriterBody,
    update: UpdateWriterBody,
    one: WriterReply,
    page: WriterListReply,
    uniqueClash: true,
  },
  publishers: {
    singular: 'publisher',
    create: CreatePublisherBody,
    update: UpdatePublisherBody,
    one: PublisherReply,
    page: PublisherListReply,
    uniqueClash: true,
  },
  collaborators: {
    singular: 'collaborator',
    create: CreateCollaboratorBody,
    update: UpdateCollaboratorBody,
    one: CollaboratorReply,
    page: CollaboratorListReply,
    uniqueClash: false,
  },
};

/** The same five routes for each kind of party a track credits. */
const partyRoutes = (kind: PartyKind): AnyRouteDefinition[] => {
  const { singular, create, update, one, page, uniqueClash } = PARTIES[kind];
  const clash = uniqueClash ? ([409] as const) : [];
  const path = `/${kind}`;
  return [
    defineRoute({
      method: 'GET',
      path,
      service: 'catalogue',
      operation: CreditOperation[`${kind}List`],
      edge: { gate: 'anyone' },
      summary: `List the tenant's ${kind}, alphabetically.`,
      request: { query: DefaultListQuery },
      responses: { 200: { description: `A page of ${kind} with total and meta.`, body: page } },
      paginated: 'page_or_cursor',
    }),
    defineRoute({
      method: 'POST',
      path,
      service: 'catalogue',
      operation: CreditOperation[`${kind}Create`],
      edge: { gate: 'credits.manage' },
      summary: `Create a ${singular} (name required).`,
      request: { body: create },
      responses: { 201: { description: `The ${singular} created.`, body: one } },
      errors: clash,
    }),
    defineRoute({
      method: 'GET',
      path: `${path}/:uuid`,
      service: 'catalogue',
      operation: CreditOperation[`${kind}Get`],
      summary: `Get a ${singular}.`,
      request: { params: UuidParams },
      responses: { 200: { description: `The ${singular}.`, body: one } },
    }),
    ...(['PATCH', 'PUT'] as const).map((method) =>
      defineRoute({
        method,
        path: `${path}/:uuid`,
        service: 'catalogue',
        operation: CreditOperation[`${kind}Update`],
        edge: { gate: 'credits.manage', absentBody: 'empty' },
        summary: `Update a ${singular}; only the fields sent change, null clears an optional one.`,
        request: { params: UuidParams, body: update },
        responses: { 200: { description: `The ${singular} as updated.`, body: one } },
        errors: clash,
      }),
    ),
    defineRoute({
      method: 'DELETE',
      path: `${path}/:uuid`,
      service: 'catalogue',
      operation: CreditOperation[`${kind}Delete`],
      summary: `Delete a ${singular} (soft delete; credits already naming it keep it).`,
      request: { params: UuidParams },
      responses: { 204: { description: 'Deleted.' } },
    }),
  ];
};

/** Writers, publishers and collaborators, and who a track credits. */
export const CREDIT_ROUTES: readonly AnyRouteDefinition[] = [
  ...partyRoutes('writers'),
  ...partyRoutes('publishers'),
  ...partyRoutes('collaborators'),
  defineRoute({
    method: 'GET',
    path: '/tracks/:uuid/credits',
    service: 'catalogue',
    operation: CreditOperation.trackCreditsGet,
    summary: "Get the track's credits: writers, publishers and collaborators.",
    request: { params: UuidParams },
    responses: { 200: { description: 'The credits, in the order stored.', body: TrackCreditsReply } },
  }),
  defineRoute({
    method: 'PUT',
    path: '/tracks/:uuid/credits',
    service: 'catalogue',
    operation: CreditOperation.trackCreditsReplace,
    edge: { gate: 'credits.manage' },
    summary: "Replace the track's credits with the whole set sent; shares of each kind add up to 100.",
    request: { params: UuidParams, body: TrackCreditsBody },
    responses: { 200: { description: 'The credits as stored.', body: TrackCreditsReply } },
    // 409: the release is neither draft nor rejected.
    errors: [409],
  }),
];
