import { Router, type Request, type RequestHandler, type Response } from 'express';
import { CreateUserBody, DefaultListQuery, UpdateUserBody, type Permission } from '@sv/contracts';
import { assertCan, parseOrThrow } from '@sv/platform';
import {
  createTenantUser,
  deleteTenantUser,
  findTenantUser,
  listTenantUsers,
  presentUser,
  updateTenantUser,
  type UserCaller,
} from '../../app/users/users.service.ts';
import { locals } from '../locals.ts';
import { nextPageLink } from '../next-link.ts';
import type { LocalRouteDeps } from './local-route.ts';

/** The signed-in caller (or API key) with the permission the route needs, else 403. */
const callerWith = (res: Response, permission: Permission): UserCaller => {
  const { principal, userId } = locals(res);
  if (!principal) throw new Error('the users routes need an authenticated principal');
  assertCan(principal, permission);
  return { principal, userId };
};

/** `/users/me` belongs to other routers: leave this one so the request reaches them (or 404). */
const notMe: RequestHandler = (req, _res, next) => next(req.params.uuid === 'me' ? 'router' : undefined);

const uuidOf = (req: Request): string => String(req.params.uuid ?? '');

export const usersRouter = ({ orm, json }: LocalRouteDeps): Router => {
  const router = Router();

  router.get('/users', async (req, res) => {
    const caller = callerWith(res, 'users.read');
    const query = parseOrThrow(DefaultListQuery, req.query);
    const page = await listTenantUsers(orm.em.fork(), caller.principal.tenant_id, query);
    const link = nextPageLink(req, page.meta);
    if (link) res.set('Link', link);
    res.json({ success: true, data: page.users.map(presentUser), meta: page.meta });
  });

  router.post('/users', json, async (req, res) => {
    const caller = callerWith(res, 'users.manage');
    const body = parseOrThrow(CreateUserBody, req.body ?? {});
    const user = await createTenantUser(orm.em.fork(), caller, {
      email: body.email,
      password: body.password,
      role: body.role,
      artistId: body.artist_id,
    });
    res.status(201).json({ success: true, data: presentUser(user) });
  });

  router.get('/users/:uuid', notMe, async (req, res) => {
    const caller = callerWith(res, 'users.read');
    const user = await findTenantUser(orm.em.fork(), caller.principal.tenant_id, uuidOf(req));
    res.json({ success: true, data: presentUser(user) });
  });

  router.patch('/users/:uuid', notMe, json, async (req, res) => {
    const caller = callerWith(res, 'users.manage');
    const body = parseOrThrow(UpdateUserBody, req.body ?? {});
    const user = await updateTenantUser(orm.em.fork(), caller, uuidOf(req), {
      role: body.role,
      artistId: body.artist_id,
      status: body.status,
    });
    res.json({ success: true, data: presentUser(user) });
  });

  router.delete('/users/:uuid', notMe, async (req, res) => {
    const caller = callerWith(res, 'users.manage');
    await deleteTenantUser(orm.em.fork(), caller, uuidOf(req));
    res.status(204).end();
  });

  return router;
};
