import { Messages, type Principal } from '@sv/contracts';
import { DomainError, ForbiddenError, assertCan, assertCanCreateRelease, errorToReply } from '../src/index.ts';

const principal = (role: Principal['role'], extra: Partial<Principal> = {}): Principal => ({
  tenant_id: '00000000-0000-4000-8000-000000000001',
  tenant_slug: 'label',
  role,
  actor: { type: 'api_key', id: 'key' },
  artist_id: null,
  roster: false,
  ...extra,
});

const silent = { warn: () => undefined, error: () => undefined } as unknown as Parameters<typeof errorToReply>[1];

describe('assertCan', () => {
  it('passes a principal that has the permission', () => {
    expect(() => assertCan(principal('owner'), 'releases.approve')).not.toThrow();
  });

  it('refuses one that lacks it with 403 and the spec message', () => {
    let thrown: unknown;
    try {
      assertCan(principal('team'), 'users.manage');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ForbiddenError);
    expect(errorToReply(thrown, silent)).toEqual({
      status: 403,
      headers: {},
      body: { success: false, error: 'You do not have permission to perform this action.' },
    });
  });

  it('refuses release creation by owner or team with the release message', () => {
    for (const role of ['owner', 'team'] as const) {
      expect(() => assertCan(principal(role), 'releases.create')).toThrow(Messages.ownerCannotCreateReleases);
    }
  });
});

describe('assertCanCreateRelease', () => {
  it('returns the artist rule or throws 403', () => {
    const artistId = '00000000-0000-4000-8000-000000000002';
    expect(assertCanCreateRelease(principal('artist', { artist_id: artistId }))).toEqual({ allowed: true, artist: 'own', artistId });
    expect(assertCanCreateRelease(principal('owner', { roster: true }))).toEqual({ allowed: true, artist: 'named' });
    expect(() => assertCanCreateRelease(principal('owner'))).toThrow(DomainError);
    expect(() => assertCanCreateRelease(principal('team'))).toThrow(Messages.ownerCannotCreateReleases);
  });
});
