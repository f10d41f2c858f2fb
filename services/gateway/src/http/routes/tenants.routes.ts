import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { CreateClientBody, DefaultListQuery, GatewayRouteOperation, SetTenantDomainBody, type Principal } from '@sv/contracts';
import { DomainError, errorToReply, parseOrThrow, statusOfKind, type Logger } from '@sv/platform';
import type { UploadSpec } from '@sv/contracts';
import { loginAs } from '../../app/tenants/login-as.service.ts';
import { assertTenantAdmin } from '../../app/tenants/tenant-access.ts';
import { presentTenantDomain, setTenantDomain } from '../../app/tenants/tenant-domain.ts';
import { findClient, listClients } from '../../app/tenants/tenant-hierarchy.ts';
import { createTenant, presentTenant } from '../../app/tenants/tenants.service.ts';
import { readWhitelabel, setWhitelabelAsset, storeWhitelabelImage, type WhitelabelAsset } from '../../app/tenants/whitelabel.service.ts';
import { locals } from '../locals.ts';
import { recordKeyedOutcome } from '../keyed-outcome.ts';
import { nextPageLink } from '../next-link.ts';
import { idempotency } from '../middleware/idempotency.ts';
import { acceptUpload, type UploadResult } from '../middleware/upload.ts';
import type { LocalHandlers, LocalRouteDeps } from './local-route.ts';

const WHITELABEL_UPLOADS: Record<WhitelabelAsset, UploadSpec> = {
  logo: { field: 'logo', kind: 'image' },
  favicon: { field: 'favicon', kind: 'image' },
};

const LOGIN_AS_NOTE =
  'This token acts in the client tenant as you, with your own role. It cannot be refreshed: ' +
  'when it expires, call login-as again. Every login-as is recorded in the audit log.';

const principalOf = (res: Response): Principal => {
  const principal = locals(res).principal;
  if (!principal) throw new Error('tenant routes need an authenticated principal');
  return principal;
};

/** Runs before any body is read, so a caller without the role never gets a file stored. */
const requireTenantAdmin: RequestHandler = (req, res, next) => {
  try {
    assertTenantAdmin(principalOf(res));
  } catch (error) {
    req.resume(); // an unread upload must not hold the refusal back
    throw error;
  }
  next();
};

/**
 * A keyed write answered here rather than by a service: the outcome is stored for replay as the
 * forwarder does it (success and 4xx kept, 5xx released so a retry runs).
 */
const keyedReply =
  (logger: Logger, handler: (req: Request, res: Response) => Promise<{ status: number; body: unknown }>) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const claim = locals(res).idempotency;
    let reply: { status: number; body: unknown };
    try {
      reply = await handler(req, res);
    } catch (error) {
      // A refusal is the answer to keep; anything else (5xx) lets a retry run.
      const refusal = error instanceof DomainError && statusOfKind(error.kind) < 500 ? errorToReply(error, logger) : undefined;
      await recordKeyedOutcome(claim, refusal ?? { status: 500, headers: {}, body: null });
      next(error);
      return;
    }
    await recordKeyedOutcome(claim, { status: reply.status, headers: {}, body: reply.body });
    res.status(reply.status).json(reply.body);
  };

/**
 * The tenant hierarchy as its admins see it: clients (child tenants) at any depth, login-as
 * into them, the caller tenant's own domain and white-label assets.
 */
export const tenantsHandlers = ({ orm, blobs, logger, sessions, json, idempotency: idempotencyService, domainProof }: LocalRouteDeps): LocalHandlers => {
  const keyed = idempotency(idempotencyService);

  const listClientTenants = async (req: Request, res: Response) => {
    const query = parseOrThrow(DefaultListQuery, req.query);
    const page = await listClients(orm.em.fork(), principalOf(res).tenant_id, query);
    const link = nextPageLink(req, page.meta);
    if (link) res.set('Link', link);
    res.json({ success: true, data: page.clients.map(presentTenant), meta: page.meta });
  };

  const createClient = keyedReply(logger, async (req, res) => {
    const body = parseOrThrow(CreateClientBody, req.body ?? {});
    const tenant = await createTenant(orm.em.fork(), {
      slug: body.slug,
      name: body.name,
      parentId: principalOf(res).tenant_id,
      domain: body.domain ?? undefined,
    });
    return { status: 201, body: { success: true, data: presentTenant(tenant) } };
  });

  const getClientTenant = async (req: Request, res: Response) => {
    const tenant = await findClient(orm.em.fork(), principalOf(res).tenant_id, String(req.params.uuid));
    res.json({ success: true, data: presentTenant(tenant) });
  };

  const loginAsClient = async (req: Request, res: Response) => {
    const state = locals(res);
    const result = await loginAs(
      orm.em.fork(),
      sessions,
      { principal: principalOf(res), userId: state.userId, requestId: state.requestId },
      String(req.params.uuid),
    );
    res.json({
      success: true,
      data: {
        access_token: result.access.token,
        token_type: 'Bearer',
        expires_at: result.access.expiresAt.toISOString(),
        acting_as: { user_id: result.userId, role: result.role },
        tenant: { uuid: result.target.id, slug: result.target.slug, name: result.target.name },
        note: LOGIN_AS_NOTE,
      },
    });
  };

  const setDomain = keyedReply(logger, async (req, res) => {
    const body = parseOrThrow(SetTenantDomainBody, req.body ?? {});
    const tenant = await setTenantDomain(orm.em.fork(), domainProof, principalOf(res).tenant_id, body.domain);
    return { status: 200, body: { success: true, data: presentTenantDomain(tenant) } };
  });

  const getWhitelabel = async (_req: Request, res: Response) => {
    res.json({ success: true, data: await readWhitelabel(orm.em.fork(), principalOf(res).tenant_id) });
  };

  // The admin check comes before the upload, so a refused caller never gets a file stored. The
  // upload is re-encoded before anything points at it: what the CDN serves is never the raw file.
  const whitelabelUpload = (asset: WhitelabelAsset): RequestHandler[] => {
    const spec = WHITELABEL_UPLOADS[asset];
    const store = async (_req: Request, res: Response) => {
      const file = (res.locals.upload as UploadResult).files.find((candidate) => candidate.field === spec.field);
      if (!file) throw new Error(`upload middleware passed without a ${spec.field} file`);
      const tenantId = principalOf(res).tenant_id;
      const image = await storeWhitelabelImage({ blobs, logger }, tenantId, file);
      try {
        const view = await setWhitelabelAsset(orm.em.fork(), tenantId, asset, image.url);
        res.json({ success: true, data: view });
      } catch (error) {
        await blobs.remove(image.key).catch(() => undefined);
        throw error;
      }
    };
    return [requireTenantAdmin, acceptUpload(spec, blobs), store];
  };

  return {
    [GatewayRouteOperation.clientsList]: [requireTenantAdmin, listClientTenants],
    [GatewayRouteOperation.clientsCreate]: [requireTenantAdmin, json, keyed, createClient],
    [GatewayRouteOperation.clientsGet]: [requireTenantAdmin, getClientTenant],
    // Not keyed: a replay would hand out a stored bearer token, and each call is its own audited session.
    [GatewayRouteOperation.loginAs]: [loginAsClient],
    [GatewayRouteOperation.domainSet]: [requireTenantAdmin, json, keyed, setDomain],
    [GatewayRouteOperation.whitelabelGet]: [getWhitelabel],
    [GatewayRouteOperation.whitelabelLogo]: whitelabelUpload('logo'),
    [GatewayRouteOperation.whitelabelFavicon]: whitelabelUpload('favicon'),
  };
};
