/**
 * Every principal of the permission table that money tests try: each role, an artist-role roster
 * key naming no artist, and an artist key naming none.
 */
export const MONEY_PRINCIPALS = [
  'artist',
  'collaborator',
  'team',
  'owner',
  'label_admin',
  'staff',
  'super_admin',
  'artist roster key naming no artist',
  'artist key naming no artist',
] as const;
export type MoneyPrincipal = (typeof MONEY_PRINCIPALS)[number];

/**
 * Who may move money, written out by hand (not derived from the permission table), so that a
 * change to it is made twice, on purpose: the workspace's money needs an administrator's role;
 * an artist's own money also its artist-bound keys.
 */
export const MONEY_ADMINS: readonly MoneyPrincipal[] = ['owner', 'label_admin', 'staff', 'super_admin'];
export const OWN_ARTIST_OR_MONEY_ADMINS: readonly MoneyPrincipal[] = ['artist', 'collaborator', ...MONEY_ADMINS];
