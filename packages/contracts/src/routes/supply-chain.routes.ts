import type { z } from 'zod';
import { Messages } from '../messages.ts';
import { DspListQuery, DspListReply, ReleaseDspsBody, StoreSelectionReply, SupplyChainOperation } from '../supply-chain.ts';
import { DspOverrideBody, MonetizationBody, PricingTierBody, TerritoriesBody } from '../supply-chain-config.ts';
import { defineRoute } from './define-route.ts';
import type { OperationOf } from './operations/service-operations.ts';
import { ReleaseDspParams, UuidParams } from './requests/path-params.ts';
import {
  DeliveryPlanReply,
  DspOverrideReply,
  EffectiveConfigReply,
  MonetizationPolicyListReply,
  PricingTierListReply,
  ReleaseConfigReply,
  TerritoryListReply,
} from './responses/supply-chain.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

const EFFECTIVE_CONFIG_PATH = '/supply-chain/releases/:uuid/effective-config';

/** The spec writes the effective-config path without the releases segment in one place; both spellings are served. */
const effectiveConfig = (path: string) =>
  defineRoute({
    method: 'GET',
    path,
    service: 'supply-chain',
    operation: SupplyChainOperation.releaseConfigEffective,
    edge: { gate: 'anyone', notFound: Messages.releaseNotFound },
    summary: 'Get the resolved config of each attached store: defaults, then release level, then per-DSP level.',
    request: { params: UuidParams },
    responses: { 200: { description: 'Every attached store, blocked ones too, by store name.', body: EffectiveConfigReply } },
    ...(path === EFFECTIVE_CONFIG_PATH ? {} : { aliasOf: EFFECTIVE_CONFIG_PATH }),
  });

interface ReleaseSetting {
  path: string;
  operation: OperationOf<'supply-chain'>;
  summary: string;
  body: z.ZodType;
}

/** Changing a release's settings: 409 while it is pending, in QC inspection or taken down. */
const releaseSetting = ({ path, operation, summary, body }: ReleaseSetting) =>
  defineRoute({
    method: 'PUT',
    path,
    service: 'supply-chain',
    operation,
    edge: { gate: 'supply_chain.manage', absentBody: 'empty' },
    summary,
    request: { params: UuidParams, body },
    responses: { 200: { description: "The release's settings as set.", body: ReleaseConfigReply } },
    errors: [409],
  });

/** The DSP registry and its catalogues, a release's store selection and its per-DSP overrides. */
export const SUPPLY_CHAIN_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'GET',
    path: '/releases/:uuid/dsps',
    service: 'supply-chain',
    operation: SupplyChainOperation.releaseDspsList,
    edge: { gate: 'anyone', notFound: Messages.releaseNotFound },
    summary: "Get the release's store selection.",
    request: { params: UuidParams },
    responses: { 200: { description: 'The whole selection, by store name (the shape POST and PUT answer).', body: StoreSelectionReply } },
  }),
  defineRoute({
    method: 'POST',
    path: '/releases/:uuid/dsps',
    service: 'supply-chain',
    operation: SupplyChainOperation.releaseDspsAdd,
    edge: { gate: 'releases.update', absentBody: 'empty', notFound: Messages.releaseNotFound },
    summary: 'Add stores to the release (dsps: slugs, dsp_ids: ids); replace: true replaces the selection.',
    request: { params: UuidParams, body: ReleaseDspsBody },
    responses: { 200: { description: 'The whole selection, by store name.', body: StoreSelectionReply } },
  }),
  defineRoute({
    method: 'PUT',
    path: '/releases/:uuid/dsps',
    service: 'supply-chain',
    operation: SupplyChainOperation.releaseDspsReplace,
    edge: { gate: 'releases.update', absentBody: 'empty', notFound: Messages.releaseNotFound },
    summary: "Replace the release's store selection.",
    request: { params: UuidParams, body: ReleaseDspsBody },
    responses: { 200: { description: 'The whole selection, by store name.', body: StoreSelectionReply } },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/releases/:uuid/dsps/:slug',
    service: 'supply-chain',
    operation: SupplyChainOperation.releaseDspsRemove,
    edge: { gate: 'releases.update', notFound: Messages.releaseNotFound },
    summary: 'Remove a store (slug or numeric id) from the release; an absent store is not an error.',
    request: { params: ReleaseDspParams },
    responses: { 200: { description: 'The stores that remain.', body: StoreSelectionReply } },
  }),
  defineRoute({
    method: 'PUT',
    path: '/releases/:uuid/dsps/:slug',
    service: 'supply-chain',
    operation: SupplyChainOperation.releaseDspsOverride,
    edge: { gate: 'supply_chain.manage', absentBody: 'empty' },
    summary: "Set an attached store's block flag and per-DSP overrides: an absent field keeps its override, null clears it.",
    request: { params: ReleaseDspParams, body: DspOverrideBody },
    responses: { 200: { description: 'The store with its block flag and overrides.', body: DspOverrideReply } },
    // 409: the release's status allows no change; 422: the store is not attached.
    errors: [409],
  }),
  defineRoute({
    method: 'GET',
    path: '/supply-chain/monetization-policies',
    service: 'supply-chain',
    operation: SupplyChainOperation.monetizationPolicies,
    summary: 'List the monetization policies (catalogue).',
    responses: { 200: { description: 'The policies and the DDEX deal terms each stands for.', body: MonetizationPolicyListReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/supply-chain/pricing-tiers',
    service: 'supply-chain',
    operation: SupplyChainOperation.pricingTiers,
    summary: 'List the pricing tiers (catalogue).',
    responses: { 200: { description: 'The tiers and their DDEX price codes.', body: PricingTierListReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/supply-chain/dsps',
    service: 'supply-chain',
    operation: SupplyChainOperation.dsps,
    edge: { gate: 'anyone' },
    summary: 'List the DSP matrix: the active destinations; filter by delivery_type.',
    request: { query: DspListQuery },
    responses: { 200: { description: 'The destinations.', body: DspListReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/supply-chain/territories',
    service: 'supply-chain',
    operation: SupplyChainOperation.territories,
    summary: 'List the ISO 3166-1 territory catalogue.',
    responses: { 200: { description: 'The territories, by code.', body: TerritoryListReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/supply-chain/releases/:uuid',
    service: 'supply-chain',
    operation: SupplyChainOperation.releaseConfigGet,
    edge: { gate: 'anyone', notFound: Messages.releaseNotFound },
    summary: "Get the release's supply-chain config: release level and each store's overrides.",
    request: { params: UuidParams },
    responses: { 200: { description: 'The config as set; null where each store default applies.', body: ReleaseConfigReply } },
  }),
  releaseSetting({
    path: '/supply-chain/releases/:uuid/monetization',
    operation: SupplyChainOperation.releaseConfigMonetization,
    summary: "Set the release's monetization policies (at least one).",
    body: MonetizationBody,
  }),
  releaseSetting({
    path: '/supply-chain/releases/:uuid/pricing-tier',
    operation: SupplyChainOperation.releaseConfigPricingTier,
    summary: "Set the release's pricing tier.",
    body: PricingTierBody,
  }),
  releaseSetting({
    path: '/supply-chain/releases/:uuid/territories',
    operation: SupplyChainOperation.releaseConfigTerritories,
    summary: "Set the release's territories: include or exclude a list of ISO 3166-1 alpha-2 codes.",
    body: TerritoriesBody,
  }),
  defineRoute({
    method: 'GET',
    path: '/supply-chain/releases/:uuid/delivery-plan',
    service: 'supply-chain',
    operation: SupplyChainOperation.releaseConfigDeliveryPlan,
    edge: { gate: 'anyone', notFound: Messages.releaseNotFound },
    summary: 'Get the per-DSP delivery plan: what each store would receive and the problems found before submitting.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The plan; ready when no error stands in the way.', body: DeliveryPlanReply } },
  }),
  effectiveConfig(EFFECTIVE_CONFIG_PATH),
  effectiveConfig('/supply-chain/effective-config/:uuid'),
  effectiveConfig('/supply-chain/:uuid/effective-config'),
];
