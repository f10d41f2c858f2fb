import type { Request, RequestHandler, Response } from 'express';
import { CreateUserBody, DefaultListQuery, GatewayRouteOperation, Messages, UpdateUserBody, type Permission } from '@sv/contracts';
import { NotFoundError, assertCan, parseOrThrow } from '@sv/platform';
import {
  createTenantUser,
  deleteTenantUser,
  findTenantUser,
  listTenantUsers,
  presentUser,
  updateTenantUser,
  type UserCaller,
} from '../../app/users/users.service.ts';
import { catalogueArtistsClient } from '../../nats/clients/catalogue-artists.client.ts';
import { locals } from '../locals.ts';
import { nextPageLink } from '../next-link.ts';
import type { LocalHandlers, LocalRouteDeps } from './local-route.ts';

/** The signed-in caller (or API key) with the permission the route needs, else 403. */
const callerWith = (res: Response, permission: Permission): UserCaller => {
  const { principal, userId } = locals(res);
  if (!principal) throw new Error('the users routes need an authenticated principal');
  assertCan(principal, permission);
  return { principal, userId };
};

/**
 * `/users/me` is not a user: GET and PATCH of it are other routes (the registry lists them first),
 * and any other method of it is an unknown endpoint, as it was when no route answered it.
 */
const notMe: RequestHandler = (req, _res, next) => {
  if (req.params.uuid === 'me') throw new NotFoundError(Messages.endpointNotFound, 'route.not_found');
  next();
};

const uuidOf = (req: Request): string => String(req.params.uuid ?? '');

export const usersHandlers = ({ orm, json, nc, subjectPrefix, serviceTimeoutMs }: LocalRouteDeps): LocalHandlers => {
  const artists = catalogueArtistsClient(nc, subjectPrefix, serviceTimeoutMs);

  const list = async (req: Request, res: Response) => {
    const caller = callerWith(res, 'users.read');
    const query = parseOrThrow(DefaultListQuery, req.query);
    const page = await listTenantUsers(orm.em.fork(), caller.principal.tenant_id, query);
    const link = nextPageLink(req, page.meta);
    if (link) res.set('Link', link);
    res.json({ success: true, data: page.users.map(presentUser), meta: page.meta });
  };

  const create = async (req: Request, res: Response) => {
    const caller = callerWith(res, 'users.manage');
    const body = parseOrThrow(CreateUserBody, req.body ?? {});
    const user = await createTenantUser(orm.em.fork(), artists, caller, {
      email: body.email,
      password: body.password,
      role: body.role,
      artistId: body.artist_id,
    });
    res.status(201).json({ success: true, data: presentUser(user) });
  };

  const get = async (req: Request, res: Response) => {
    const caller = callerWith(res, 'users.read');
    const user = await findTenantUser(orm.em.fork(), caller.principal.tenant_id, uuidOf(req));
    res.json({ success: true, data: presentUser(user) });
  };

  const update = async (req: Request, res: Response) => {
    const caller = callerWith(res, 'users.manage');
    const body = parseOrThrow(UpdateUserBody, req.body ?? {});
    const user = await updateTenantUser(orm.em.fork(), artists, caller, uuidOf(req), {
      role: body.role,
      artistId: body.artist_id,
      status: body.status,
    });
    res.json({ success: true, data: presentUser(user) });
  };

  const remove = async (req: Request, res: Response) => {
    const caller = callerWith(res, 'users.manage');
    await deleteTenantUser(orm.em.fork(), caller, uuidOf(req));
    res.status(204).end();
  };

  return {
    [GatewayRouteOperation.usersList]: [list],
    [GatewayRouteOperation.usersCreate]: [json, create],
    [GatewayRouteOperation.usersGet]: [notMe, get],
    [GatewayRouteOperation.usersUpdate]: [notMe, json, update],
    [GatewayRouteOperation.usersDelete]: [notMe, remove],
  };
};
