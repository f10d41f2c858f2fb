import { Messages } from './messages.ts';
import type { Principal } from './principal.ts';
import { ROLES, type Role } from './roles.ts';

/**
 * The one permission table of the platform. The gateway resolves the caller into a Principal
 * and forwards it; every service asks `can(principal, permission)` (or the kit's `assertCan`)
 * rather than comparing role names itself. docs/permissions.md is generated from this data.
 *
 * Tiers (spec, Authentication 7): artist and collaborator act for their own artist; team is a
 * member without admin rights; owner and label_admin are the tenant-admin tier (label_admin is
 * exactly as strong as owner inside the tenant); staff and super_admin are platform roles, and
 * super_admin may do everything. Roster access is not a role: it is a flag on an API key.
 */
const ARTIST_SIDE = ['artist', 'collaborator'] as const satisfies readonly Role[];
const TENANT_ADMINS = ['owner', 'label_admin'] as const satisfies readonly Role[];
const PLATFORM = ['staff', 'super_admin'] as const satisfies readonly Role[];
const ADMINS = [...TENANT_ADMINS, ...PLATFORM] as const;
const MEMBERS = [...ADMINS, 'team'] as const;
const EVERYONE = [...ARTIST_SIDE, ...MEMBERS] as const;

export const PERMISSIONS = {
  'artists.manage': MEMBERS,
  'releases.create': [...ARTIST_SIDE, 'super_admin'],
  'releases.update': EVERYONE,
  'releases.submit': EVERYONE,
  'releases.approve': ADMINS,
  'releases.reject': ADMINS,
  'releases.delete': [...ARTIST_SIDE, ...ADMINS],
  'tracks.manage': EVERYONE,
  'splits.set': ADMINS,
  'royalties.approve': ADMINS,
  'royalties.pay': ADMINS,
  'finance.manage': ADMINS,
  // Subscriptions are the tenant's, not an artist's, and their URLs often carry the receiver's token.
  'webhooks.read': MEMBERS,
  'webhooks.manage': ADMINS,
  'users.read': MEMBERS,
  'users.manage': ADMINS,
  'tenants.manage_clients': ADMINS,
  'tenants.login_as': ADMINS,
  'analytics.read': EVERYONE,
  'ingestion.submit': [...ARTIST_SIDE, 'super_admin'],
  'distribution.deliver': ADMINS,
  // Where and how a release goes is its artist's to set, as its store selection is; the artist
  // scope (the catalogue's release visibility) keeps each artist to its own releases.
  'supply_chain.manage': EVERYONE,
  'credits.manage': EVERYONE,
  'videos.manage': EVERYONE,
  'videos.review': ADMINS,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** What each permission guards, for the documentation and for reviewers of the table. */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  'artists.manage': 'create, update and delete artists; avatar and banner uploads',
  'releases.create': 'POST /releases and POST /ingestion/json (see `releaseAuthorship` for the artist rule)',
  'releases.update': 'update a release, its artwork and its store selection (`/releases/{uuid}/dsps`)',
  'releases.submit': 'POST /releases/{uuid}/submit',
  'releases.approve': 'POST /releases/{uuid}/approve',
  'releases.reject': 'POST /releases/{uuid}/reject and the staff review queue',
  'releases.delete': 'DELETE /releases/{uuid}',
  'tracks.manage': 'add, update and delete tracks; audio upload',
  'splits.set': 'PUT /tracks/{uuid}/splits',
  'royalties.approve': 'POST /royalties/{uuid}/approve',
  'royalties.pay': "POST /royalties/{uuid}/pay; withdrawals from the workspace's own balance (see `moneyPayee`)",
  'finance.manage': "finance periods, sales reports, statements and payouts; withdrawals from the workspace's own balance",
  'webhooks.read': 'list and read webhook subscriptions and their delivery log',
  'webhooks.manage': 'create, update, delete, test and re-key webhook subscriptions',
  'users.read': 'GET /users and GET /users/{uuid}',
  'users.manage': 'POST, PATCH and DELETE /users (never above the caller\'s own rank)',
  'tenants.manage_clients': 'create and read child tenants, domains and white-label assets',
  'tenants.login_as': 'POST /tenants/clients/{uuid}/login-as',
  'analytics.read': 'the analytics reads (artist-scoped principals see their own artist only)',
  'ingestion.submit': 'POST /ingestion/bulk, /ingestion/ddex and /ingestion/csv',
  'distribution.deliver': 'DDEX deliver, redeliver and purge (takedown)',
  'supply_chain.manage':
    'release monetization, pricing tier, territories and per-DSP overrides (`/releases/{uuid}/dsps/{slug}`) of releases the caller may update (artist-scoped principals: their own artist\'s)',
  'credits.manage':
    'writers, publishers and collaborators (artist-scoped principals change or delete only those no other artist\'s track credits); track credits, rights and localizations',
  'videos.manage': 'create, update, upload and submit videos (plan rule: video_distribution)',
  'videos.review': 'approve or reject a submitted video (assigns its ISRC on approval)',
};

/**
 * What an API key's roster flag adds to its role: it may create releases for any artist of its
 * tenant (naming artist_id), and finish them (tracks, update, distribution settings, submit).
 */
export const ROSTER_PERMISSIONS: readonly Permission[] = ['releases.create', 'releases.update', 'tracks.manage', 'supply_chain.manage', 'releases.submit'];

/**
 * Rank of each role, for "never above your own": a caller may grant, or act on a user holding,
 * a role of at most its own rank (user management, login-as never elevates).
 */
export const ROLE_RANK: Record<Role, number> = {
  artist: 1,
  collaborator: 1,
  team: 1,
  owner: 2,
  label_admin: 2,
  staff: 3,
  super_admin: 4,
};

export type PermissionSubject = Pick<Principal, 'role' | 'roster'>;

/** True when the principal may do what `permission` names. Pure: no I/O, no tenant checks. */
export const can = (principal: PermissionSubject, permission: Permission): boolean =>
  (PERMISSIONS[permission] as readonly Role[]).includes(principal.role) ||
  (principal.roster && ROSTER_PERMISSIONS.includes(permission));

/** True for the permission whose refusal is the spec's "owners and team members" 403. */
export const isReleaseCreation = (permission: Permission): boolean => permission === 'releases.create';

/** The 403 message for a refused permission: release creation has the spec's own wording. */
export const deniedMessage = (permission: Permission): string =>
  isReleaseCreation(permission) ? Messages.ownerCannotCreateReleases : Messages.forbidden;

/** True when `role` is not above `ceiling` (a caller may assign or manage such a role). */
export const roleWithin = (role: Role, ceiling: Role): boolean => ROLE_RANK[role] <= ROLE_RANK[ceiling];

/**
 * Artist and collaborator principals act for their own artist only (principal.artist_id) unless
 * the key has roster access; the others act tenant-wide. Services filter reads and writes by it.
 */
export const isArtistScoped = (principal: PermissionSubject): boolean =>
  (ARTIST_SIDE as readonly Role[]).includes(principal.role) && !principal.roster;

/**
 * Under which artist a principal creates a release:
 * - `own`: artist and collaborator principals create under their own artist automatically;
 * - `named`: roster keys (and super_admin) must name an artist_id of their tenant (422 otherwise);
 * - refused: every other role gets 403 with the spec's release-creation message; an artist-scoped
 *   principal without an artist has nothing to act for and gets the generic 403.
 */
export type ReleaseAuthorship =
  | { allowed: true; artist: 'own'; artistId: string }
  | { allowed: true; artist: 'named' }
  | { allowed: false; message: string };

export const releaseAuthorship = (principal: Pick<Principal, 'role' | 'roster' | 'artist_id'>): ReleaseAuthorship => {
  if (principal.roster) return { allowed: true, artist: 'named' };
  if (!can(principal, 'releases.create')) return { allowed: false, message: deniedMessage('releases.create') };
  if (!isArtistScoped(principal)) return { allowed: true, artist: 'named' };
  if (!principal.artist_id) return { allowed: false, message: Messages.forbidden };
  return { allowed: true, artist: 'own', artistId: principal.artist_id };
};

/**
 * Whose balance a principal may move money out of (POST /royalties/withdrawals):
 * - a principal bound to an artist (`principal.artist_id`) moves its own artist's money, whatever
 *   its role;
 * - the workspace's own balance moves only for `royalties.pay` or `finance.manage` (the
 *   tenant-admin tier and above);
 * - anyone else (a team key, an artist-side key without an artist, a roster key naming none) has
 *   nothing of its own to move: the generic 403.
 */
export type MoneyPayee =
  | { allowed: true; payee: 'artist'; artistId: string }
  | { allowed: true; payee: 'workspace' }
  | { allowed: false; message: string };

export const moneyPayee = (principal: Pick<Principal, 'role' | 'roster' | 'artist_id'>): MoneyPayee => {
  if (principal.artist_id) return { allowed: true, payee: 'artist', artistId: principal.artist_id };
  if (can(principal, 'royalties.pay') || can(principal, 'finance.manage')) return { allowed: true, payee: 'workspace' };
  return { allowed: false, message: Messages.forbidden };
};

/** docs/permissions.md's table, generated from the data above (a test keeps the file in step). */
export const permissionsMarkdownTable = (): string => {
  const roles = [...ROLES].sort((a, b) => ROLE_RANK[a] - ROLE_RANK[b]);
  const header = `| Permission | ${roles.join(' | ')} | roster key | Guards |`;
  const rule = `|---|${roles.map(() => ':---:').join('|')}|:---:|---|`;
  const rows = PERMISSION_NAMES.map((permission) => {
    const cells = roles.map((role) => ((PERMISSIONS[permission] as readonly Role[]).includes(role) ? 'yes' : ''));
    const roster = ROSTER_PERMISSIONS.includes(permission) ? 'adds' : '';
    return `| \`${permission}\` | ${cells.join(' | ')} | ${roster} | ${PERMISSION_DESCRIPTIONS[permission]} |`;
  });
  return [header, rule, ...rows].join('\n');
};
