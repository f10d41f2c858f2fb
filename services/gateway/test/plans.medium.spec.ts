import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { GatewayOperation, Messages, TenantPlanReply, apiSubject, type Principal, type ServiceRequest } from '@sv/contracts';
import { callService } from '@sv/platform';
import { connectTestNats, startPlatform, type TestPlatform } from '@sv/testing';

const ADMIN_TIMEOUT = 30_000;

/**
 * The gateway answers `tenants.plan` on its api subject, so that the catalogue can enforce
 * artist plans (402 at submit, 403 for video) with the same call, `callService`, it uses for
 * everything else.
 */
describe('the tenants.plan operation over NATS', () => {
  let platform: TestPlatform;
  let nc: NatsConnection;
  const tenants: Record<string, { uuid: string; slug: string }> = {};

  const principalOf = (tenant: { uuid: string; slug: string }, role: Principal['role'] = 'artist'): Principal => ({
    tenant_id: tenant.uuid,
    tenant_slug: tenant.slug,
    role,
    actor: { type: 'api_key', id: randomUUID() },
    artist_id: role === 'artist' ? randomUUID() : null,
    roster: false,
  });

  const ask = (request: ServiceRequest) => callService(nc, apiSubject(platform.subjectPrefix, 'gateway'), request, 5_000);

  const planOf = async (tenant: { uuid: string; slug: string }, role?: Principal['role']): Promise<TenantPlanReply> => {
    const reply = await ask({ operation: GatewayOperation.tenantsPlan, principal: principalOf(tenant, role) });
    expect(reply.status).toBe(200);
    return TenantPlanReply.parse(reply.body);
  };

  beforeAll(async () => {
    platform = await startPlatform({ catalogue: false });
    nc = await connectTestNats();
    const [planned, plain] = await Promise.all([
      platform.adminOk('tenant', 'create', '--slug', 'planned', '--name', 'Planned'),
      platform.adminOk('tenant', 'create', '--slug', 'plain', '--name', 'Plain'),
    ]);
    // The child needs its parent to exist first.
    const child = await platform.adminOk('tenant', 'create', '--slug', 'child-of-plain', '--name', 'Child', '--parent', 'plain');
    Object.assign(tenants, { planned: planned.tenant, plain: plain.tenant, child: child.tenant });
  }, 180_000);

  afterAll(async () => {
    await nc?.drain();
    await platform?.stop();
  });

  it('a tenant without an artist plan: plan null, has_artist_plan false', async () => {
    expect(await planOf(tenants.plain!)).toEqual({ plan: null, has_artist_plan: false });
  });

  it('follows the operator command: a plan set, changed and given video distribution', async () => {
    const set = await platform.adminOk('tenant', 'plan', '--slug', 'planned', '--releases-per-year', '4');
    expect(set.plan).toEqual(expect.objectContaining({ tenant_uuid: tenants.planned!.uuid, releases_per_year: 4, video_distribution: false }));
    expect(await planOf(tenants.planned!)).toEqual({ plan: { releases_per_year: 4, video_distribution: false }, has_artist_plan: true });

    await platform.adminOk('tenant', 'plan', '--slug', 'planned', '--releases-per-year', '12', '--video-distribution', 'true');
    expect(await planOf(tenants.planned!)).toEqual({ plan: { releases_per_year: 12, video_distribution: true }, has_artist_plan: true });

    // Leaving out --video-distribution keeps it.
    await platform.adminOk('tenant', 'plan', '--slug', 'planned', '--releases-per-year', '0');
    expect(await planOf(tenants.planned!)).toEqual({ plan: { releases_per_year: 0, video_distribution: true }, has_artist_plan: true });
  }, ADMIN_TIMEOUT * 2);

  it("answers for the principal's tenant only, whatever its role; a child does not inherit its parent's plan", async () => {
    await platform.adminOk('tenant', 'plan', '--slug', 'plain', '--releases-per-year', '2');
    expect((await planOf(tenants.plain!, 'owner')).plan).toEqual({ releases_per_year: 2, video_distribution: false });
    expect(await planOf(tenants.child!, 'collaborator')).toEqual({ plan: null, has_artist_plan: false });
    expect((await planOf(tenants.planned!, 'collaborator')).plan?.releases_per_year).toBe(0);
  }, ADMIN_TIMEOUT);

  it('an unknown tenant is 404 "Tenant not found."; an unknown operation is 404', async () => {
    const unknown = await ask({ operation: GatewayOperation.tenantsPlan, principal: principalOf({ uuid: randomUUID(), slug: 'gone' }) });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, error: Messages.tenantNotFound });
    const operation = await ask({ operation: 'tenants.nothing', principal: principalOf(tenants.plain!) });
    expect(operation.status).toBe(404);
  });

  it('is answered by the gateway of this platform only (its own subject prefix)', async () => {
    await expect(
      callService(nc, apiSubject(`${platform.subjectPrefix}x`, 'gateway'), { operation: GatewayOperation.tenantsPlan, principal: principalOf(tenants.plain!) }, 1_000),
    ).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
