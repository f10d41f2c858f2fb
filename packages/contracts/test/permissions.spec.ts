import { readFile } from 'node:fs/promises';
import {
  Messages,
  PERMISSIONS,
  PERMISSION_NAMES,
  ROLES,
  ROLE_RANK,
  ROSTER_PERMISSIONS,
  can,
  deniedMessage,
  isArtistScoped,
  isReleaseCreation,
  moneyPayee,
  permissionsMarkdownTable,
  releaseAuthorship,
  roleWithin,
  type Permission,
  type Role,
} from '../src/index.ts';

const as = (role: Role, roster = false) => ({ role, roster });
const ARTIST_ID = '11111111-1111-4111-8111-111111111111';

/**
 * The expected answers, written out by hand rather than derived from the table, so that a
 * change to the table has to be made twice on purpose. Columns follow ROLES' order.
 */
const ORDER: readonly Role[] = ['artist', 'collaborator', 'team', 'owner', 'label_admin', 'staff', 'super_admin'];
const EXPECTED: Record<string, string> = {
  //                       art col tea own lab sta sup
  'releases.create':      ' Y   Y   .   .   .   .   Y ',
  'releases.submit':      ' Y   Y   Y   Y   Y   Y   Y ',
  'releases.approve':     ' .   .   .   Y   Y   Y   Y ',
  'releases.reject':      ' .   .   .   Y   Y   Y   Y ',
  'releases.delete':      ' Y   Y   .   Y   Y   Y   Y ',
  'splits.set':           ' .   .   .   Y   Y   Y   Y ',
  'royalties.approve':    ' .   .   .   Y   Y   Y   Y ',
  'royalties.pay':        ' .   .   .   Y   Y   Y   Y ',
  'finance.manage':       ' .   .   .   Y   Y   Y   Y ',
  'users.read':           ' .   .   Y   Y   Y   Y   Y ',
  'users.manage':         ' .   .   .   Y   Y   Y   Y ',
  'tenants.login_as':     ' .   .   .   Y   Y   Y   Y ',
  'analytics.read':       ' Y   Y   Y   Y   Y   Y   Y ',
  'ingestion.submit':     ' Y   Y   .   .   .   .   Y ',
  'tracks.manage':        ' Y   Y   Y   Y   Y   Y   Y ',
  'artists.manage':       ' .   .   Y   Y   Y   Y   Y ',
  'webhooks.read':        ' .   .   Y   Y   Y   Y   Y ',
  'webhooks.manage':      ' .   .   .   Y   Y   Y   Y ',
  'distribution.deliver': ' .   .   .   Y   Y   Y   Y ',
  'supply_chain.manage':  ' Y   Y   Y   Y   Y   Y   Y ',
};

const cases = Object.entries(EXPECTED).flatMap(([permission, row]) => {
  const marks = row.trim().split(/\s+/);
  return ORDER.map((role, index) => [role, permission as Permission, marks[index] === 'Y'] as const);
});

describe('the permission table', () => {
  it('names every permission the services rely on', () => {
    expect(PERMISSION_NAMES).toEqual(
      expect.arrayContaining([
        'artists.manage',
        'releases.create',
        'releases.submit',
        'releases.approve',
        'releases.reject',
        'releases.delete',
        'tracks.manage',
        'splits.set',
        'royalties.approve',
        'royalties.pay',
        'finance.manage',
        'webhooks.manage',
        'users.read',
        'users.manage',
        'tenants.manage_clients',
        'tenants.login_as',
        'analytics.read',
        'ingestion.submit',
        'distribution.deliver',
        'supply_chain.manage',
      ]),
    );
    for (const permission of PERMISSION_NAMES) {
      for (const role of PERMISSIONS[permission]) expect(ROLES).toContain(role);
    }
  });

  it.each(cases)('%s may %s: %s', (role, permission, allowed) => {
    expect(can(as(role), permission)).toBe(allowed);
  });

  it('super_admin may do everything', () => {
    for (const permission of PERMISSION_NAMES) expect(can(as('super_admin'), permission)).toBe(true);
  });

  it('owner is the tenant-admin tier, below super_admin: approve, reject, splits, royalty approval', () => {
    for (const permission of ['releases.approve', 'releases.reject', 'splits.set', 'royalties.approve'] as const) {
      expect(can(as('owner'), permission)).toBe(true);
    }
    expect(ROLE_RANK.owner).toBeLessThan(ROLE_RANK.super_admin);
    expect(ROLE_RANK.owner).toBeLessThan(ROLE_RANK.staff);
    expect(PERMISSION_NAMES.filter((permission) => !can(as('owner'), permission)).length).toBeGreaterThan(0);
  });

  it('label_admin is at least as strong as owner, and staff too', () => {
    for (const permission of PERMISSION_NAMES) {
      if (can(as('owner'), permission)) {
        expect(can(as('label_admin'), permission)).toBe(true);
        expect(can(as('staff'), permission)).toBe(true);
      }
    }
    expect(ROLE_RANK.label_admin).toBe(ROLE_RANK.owner);
  });

  it('team is a member without admin rights: no release creation, no user management, no approvals', () => {
    for (const permission of ['releases.create', 'users.manage', 'releases.approve', 'releases.reject', 'splits.set'] as const) {
      expect(can(as('team'), permission)).toBe(false);
    }
    expect(can(as('team'), 'users.read')).toBe(true);
  });

  it('artist and collaborator act for their own artist: create and submit, read analytics, never approve or manage users', () => {
    for (const role of ['artist', 'collaborator'] as const) {
      expect(can(as(role), 'releases.create')).toBe(true);
      expect(can(as(role), 'releases.submit')).toBe(true);
      expect(can(as(role), 'analytics.read')).toBe(true);
      expect(can(as(role), 'releases.approve')).toBe(false);
      expect(can(as(role), 'releases.reject')).toBe(false);
      expect(can(as(role), 'users.read')).toBe(false);
      expect(can(as(role), 'users.manage')).toBe(false);
      // Webhook subscriptions are the tenant's: an artist's key, roster or not, never reads them.
      expect(can(as(role), 'webhooks.read')).toBe(false);
      expect(can(as(role, true), 'webhooks.read')).toBe(false);
      expect(isArtistScoped(as(role))).toBe(true);
      expect(isArtistScoped(as(role, true))).toBe(false);
    }
    for (const role of ['team', 'owner', 'label_admin', 'staff', 'super_admin'] as const) expect(isArtistScoped(as(role))).toBe(false);
  });

  it("a release's distribution settings go with its updates: whoever may update a release may set them, roster keys included", () => {
    for (const role of ORDER) {
      for (const roster of [false, true]) {
        expect({ role, roster, allowed: can(as(role, roster), 'supply_chain.manage') }).toEqual({ role, roster, allowed: can(as(role, roster), 'releases.update') });
      }
    }
    expect(ROSTER_PERMISSIONS).toEqual(expect.arrayContaining(['releases.update', 'supply_chain.manage']));
  });
});

describe('roster access', () => {
  it('is a key flag that adds release creation (and finishing it) to any role, nothing else', () => {
    expect(can(as('owner'), 'releases.create')).toBe(false);
    expect(can(as('owner', true), 'releases.create')).toBe(true);
    expect(can(as('team', true), 'releases.create')).toBe(true);
    expect(can(as('team', true), 'tracks.manage')).toBe(true);
    expect(can(as('team', true), 'releases.submit')).toBe(true);
    expect(ROSTER_PERMISSIONS).toEqual(expect.arrayContaining(['releases.create']));
    // The bulk, DDEX and CSV channels stay with artist and collaborator keys.
    expect(can(as('owner', true), 'ingestion.submit')).toBe(false);
    // Nothing administrative comes with it.
    for (const permission of ['releases.approve', 'users.manage', 'splits.set', 'royalties.pay', 'webhooks.manage'] as const) {
      expect(can(as('team', true), permission)).toBe(false);
    }
  });

  it('makes a key name the artist: releaseAuthorship is "named" whatever the role', () => {
    expect(releaseAuthorship({ role: 'owner', roster: true, artist_id: null })).toEqual({ allowed: true, artist: 'named' });
    expect(releaseAuthorship({ role: 'artist', roster: true, artist_id: ARTIST_ID })).toEqual({ allowed: true, artist: 'named' });
  });
});

describe('release creation', () => {
  it('is told apart, so its refusal carries the spec message', () => {
    expect(isReleaseCreation('releases.create')).toBe(true);
    expect(isReleaseCreation('releases.submit')).toBe(false);
    expect(deniedMessage('releases.create')).toBe(Messages.ownerCannotCreateReleases);
    expect(deniedMessage('users.manage')).toBe(Messages.forbidden);
  });

  it.each(['owner', 'team', 'label_admin', 'staff'] as const)('%s without roster access is refused with that message', (role) => {
    expect(releaseAuthorship({ role, roster: false, artist_id: null })).toEqual({
      allowed: false,
      message: Messages.ownerCannotCreateReleases,
    });
  });

  it('artist and collaborator create under their own artist; without one they are refused', () => {
    expect(releaseAuthorship({ role: 'artist', roster: false, artist_id: ARTIST_ID })).toEqual({
      allowed: true,
      artist: 'own',
      artistId: ARTIST_ID,
    });
    expect(releaseAuthorship({ role: 'collaborator', roster: false, artist_id: ARTIST_ID })).toMatchObject({ artist: 'own' });
    expect(releaseAuthorship({ role: 'artist', roster: false, artist_id: null })).toEqual({ allowed: false, message: Messages.forbidden });
  });

  it('super_admin names the artist', () => {
    expect(releaseAuthorship({ role: 'super_admin', roster: false, artist_id: null })).toEqual({ allowed: true, artist: 'named' });
  });
});

describe('whose money a principal moves (withdrawals)', () => {
  /** Written out by hand: who may withdraw the workspace's own balance, for a principal bound to no artist. */
  const WORKSPACE: Record<Role, boolean> = {
    artist: false,
    collaborator: false,
    team: false,
    owner: true,
    label_admin: true,
    staff: true,
    super_admin: true,
  };

  it.each(ORDER)('%s bound to no artist: the workspace only with royalties.pay or finance.manage', (role) => {
    const answer = moneyPayee({ role, roster: false, artist_id: null });
    expect(answer).toEqual(WORKSPACE[role] ? { allowed: true, payee: 'workspace' } : { allowed: false, message: Messages.forbidden });
  });

  it.each(ORDER)('%s roster key naming no artist: roster access adds no money', (role) => {
    expect(moneyPayee({ role, roster: true, artist_id: null }).allowed).toBe(WORKSPACE[role]);
  });

  it.each(ORDER)('%s bound to an artist moves that artist\'s money, never the workspace\'s', (role) => {
    expect(moneyPayee({ role, roster: false, artist_id: ARTIST_ID })).toEqual({ allowed: true, payee: 'artist', artistId: ARTIST_ID });
    expect(moneyPayee({ role, roster: true, artist_id: ARTIST_ID })).toEqual({ allowed: true, payee: 'artist', artistId: ARTIST_ID });
  });
});

describe('ranks', () => {
  it('a role is within its own rank and any higher one, never a higher rank', () => {
    expect(roleWithin('owner', 'owner')).toBe(true);
    expect(roleWithin('label_admin', 'owner')).toBe(true);
    expect(roleWithin('artist', 'owner')).toBe(true);
    expect(roleWithin('staff', 'owner')).toBe(false);
    expect(roleWithin('super_admin', 'owner')).toBe(false);
    expect(roleWithin('super_admin', 'staff')).toBe(false);
    expect(roleWithin('staff', 'super_admin')).toBe(true);
    expect(roleWithin('owner', 'team')).toBe(false);
    for (const role of ROLES) expect(roleWithin(role, 'super_admin')).toBe(true);
  });
});

describe('docs/permissions.md', () => {
  it('carries the table generated from the data', async () => {
    const doc = await readFile(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
    const between = doc.split('<!-- permissions:begin -->\n')[1]?.split('\n<!-- permissions:end -->')[0];
    expect(between).toBe(permissionsMarkdownTable());
  });
});
