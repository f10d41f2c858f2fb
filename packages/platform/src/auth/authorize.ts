import { can, deniedMessage, releaseAuthorship, type Permission, type PermissionSubject, type Principal, type ReleaseAuthorship } from '@sv/contracts';
import { ForbiddenError } from '../errors/domain-errors.ts';

/**
 * Refuses a principal that lacks `permission`: 403 `You do not have permission to perform this
 * action.`, or the spec's own message when the permission is release creation.
 */
export const assertCan = (principal: PermissionSubject, permission: Permission): void => {
  if (!can(principal, permission)) throw new ForbiddenError(deniedMessage(permission), `permission.${permission}`);
};

/**
 * For POST /releases and release-creating ingestion: the artist rule of a principal that may
 * create releases, or 403 with the spec's message. With `artist: 'named'` the caller must send
 * an artist_id of its tenant (the catalogue checks it and answers 422 otherwise).
 */
export const assertCanCreateRelease = (
  principal: Pick<Principal, 'role' | 'roster' | 'artist_id'>,
): Extract<ReleaseAuthorship, { allowed: true }> => {
  const authorship = releaseAuthorship(principal);
  if (!authorship.allowed) throw new ForbiddenError(authorship.message, 'permission.releases.create');
  return authorship;
};
