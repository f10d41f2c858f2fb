import { defineRoute } from './define-route.ts';
import { GatewayRouteOperation } from './operations/gateway-route-operations.ts';
import type { OperationOf } from './operations/service-operations.ts';
import { CreateClientBody, SetTenantDomainBody } from './requests/identity-bodies.ts';
import { DefaultListQuery } from './requests/list-queries.ts';
import { UuidParams } from './requests/path-params.ts';
import { LoginAsReply, TenantDomainReply, TenantListReply, TenantReply, WhitelabelReply } from './responses/identity.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

const whitelabelUpload = (asset: 'logo' | 'favicon', operation: OperationOf<'gateway'>) =>
  defineRoute({
    method: 'POST',
    path: `/tenants/whitelabel/${asset}`,
    service: 'gateway',
    operation,
    summary: `Upload the tenant's white-label ${asset} (multipart field ${asset}).`,
    upload: { field: asset, kind: 'image' },
    responses: { 200: { description: `The white-label settings with the new ${asset}_url.`, body: WhitelabelReply } },
  });

/** Child tenants (clients), login-as, the tenant's domain and white-label assets, answered by the gateway. */
export const TENANT_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'GET',
    path: '/tenants/clients',
    service: 'gateway',
    operation: GatewayRouteOperation.clientsList,
    summary: "List the tenant's clients (direct child tenants).",
    request: { query: DefaultListQuery },
    responses: { 200: { description: 'A page of tenants: `{success, data, meta}`.', body: TenantListReply } },
    paginated: 'page_or_cursor',
  }),
  defineRoute({
    method: 'POST',
    path: '/tenants/clients',
    service: 'gateway',
    operation: GatewayRouteOperation.clientsCreate,
    summary: 'Create a client: a child tenant with its own DDEX party identifier.',
    request: { body: CreateClientBody },
    responses: { 201: { description: 'The tenant created.', body: TenantReply } },
    // 409: Slug already taken, or the domain is another tenant's.
    errors: [409],
  }),
  defineRoute({
    method: 'GET',
    path: '/tenants/clients/:uuid',
    service: 'gateway',
    operation: GatewayRouteOperation.clientsGet,
    summary: "Get a client tenant at any depth below the caller's.",
    request: { params: UuidParams },
    responses: { 200: { description: 'The tenant.', body: TenantReply } },
  }),
  defineRoute({
    method: 'POST',
    path: '/tenants/clients/:uuid/login-as',
    service: 'gateway',
    operation: GatewayRouteOperation.loginAs,
    summary: 'Log in to a client tenant as yourself: a token re-scoped to the client, the role not elevated.',
    // Issues an access token like login; a replay would hand out a stored token, so it is not keyed.
    rate: 'auth',
    idempotent: false,
    sensitive: true,
    request: { params: UuidParams },
    responses: { 200: { description: 'The token, acting_as {user_id, role} and a note.', body: LoginAsReply } },
  }),
  defineRoute({
    method: 'PUT',
    path: '/tenants/domain',
    service: 'gateway',
    operation: GatewayRouteOperation.domainSet,
    summary: 'Claim (or, with null, release) the domain the tenant is resolved by; it resolves once DNS proves it.',
    request: { body: SetTenantDomainBody },
    responses: {
      200: {
        description: 'The tenant with its domain and domain_status; while pending, the TXT record (domain_verification) to publish before repeating the PUT.',
        body: TenantDomainReply,
      },
    },
    // 409: another tenant has verified the domain.
    errors: [409],
  }),
  defineRoute({
    method: 'GET',
    path: '/tenants/whitelabel',
    service: 'gateway',
    operation: GatewayRouteOperation.whitelabelGet,
    summary: "Get the tenant's white-label settings: domain, logo and favicon URLs.",
    responses: { 200: { description: 'The white-label settings.', body: WhitelabelReply } },
  }),
  whitelabelUpload('logo', GatewayRouteOperation.whitelabelLogo),
  whitelabelUpload('favicon', GatewayRouteOperation.whitelabelFavicon),
];
