import { defineRoute } from './define-route.ts';
import { GatewayRouteOperation } from './operations/gateway-route-operations.ts';
import { ChangePasswordBody, CreateUserBody, UpdateUserBody } from './requests/identity-bodies.ts';
import { DefaultListQuery } from './requests/list-queries.ts';
import { UuidParams } from './requests/path-params.ts';
import { CurrentCallerReply, UserListReply, UserReply } from './responses/identity.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

/**
 * The caller and the users of the caller's tenant, answered by the gateway in the envelope shape.
 * Users routes do not take Idempotency-Key (the spec's list of idempotent areas does not name users).
 */
export const USER_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'GET',
    path: '/users/me',
    service: 'gateway',
    operation: GatewayRouteOperation.currentUserGet,
    summary: 'Get the caller: the workspace of a valid key (and the key), or the signed-in user.',
    responses: { 200: { description: 'The caller and its workspace.', body: CurrentCallerReply } },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/users/me',
    service: 'gateway',
    operation: GatewayRouteOperation.currentUserUpdate,
    summary: "Change the signed-in user's password (current_password and new_password).",
    // It verifies the current password, so it is throttled like a login.
    rate: 'auth',
    idempotent: false,
    request: { body: ChangePasswordBody },
    responses: { 200: { description: 'The caller, after the change.', body: CurrentCallerReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/users',
    service: 'gateway',
    operation: GatewayRouteOperation.usersList,
    summary: "List the tenant's users, by email.",
    request: { query: DefaultListQuery },
    responses: { 200: { description: 'A page of users: `{success, data, meta}`.', body: UserListReply } },
    paginated: 'page_or_cursor',
  }),
  defineRoute({
    method: 'POST',
    path: '/users',
    service: 'gateway',
    operation: GatewayRouteOperation.usersCreate,
    summary: "Add a user to the tenant, with a role no higher than the caller's.",
    idempotent: false,
    request: { body: CreateUserBody },
    responses: { 201: { description: 'The user created.', body: UserReply } },
    // 404: artist_id names no artist of the tenant (Artist not found.). 409: the email is already a user of the tenant.
    errors: [404, 409],
  }),
  defineRoute({
    method: 'GET',
    path: '/users/:uuid',
    service: 'gateway',
    operation: GatewayRouteOperation.usersGet,
    summary: 'Get a user of the tenant.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The user.', body: UserReply } },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/users/:uuid',
    service: 'gateway',
    operation: GatewayRouteOperation.usersUpdate,
    summary: "Change a user's role, artist or status (active, suspended).",
    idempotent: false,
    request: { params: UuidParams, body: UpdateUserBody },
    responses: { 200: { description: 'The user as updated.', body: UserReply } },
    // 409: suspending yourself.
    errors: [409],
  }),
  defineRoute({
    method: 'DELETE',
    path: '/users/:uuid',
    service: 'gateway',
    operation: GatewayRouteOperation.usersDelete,
    summary: 'Delete a user (soft delete; every session of the user is revoked).',
    request: { params: UuidParams },
    responses: { 204: { description: 'Deleted.' } },
    // 409: You cannot delete your own account.
    errors: [409],
  }),
];
