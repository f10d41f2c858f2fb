import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CreditEvents, Messages, type CreateCollaboratorBody, type PaginationQuery, type UpdateCollaboratorBody } from '@sv/contracts';
import { ValidationError, recordEvent } from '@sv/platform';
import { Artist } from '../../db/entities/artist.entity.ts';
import { Collaborator } from '../../db/entities/collaborator.entity.ts';
import { CollaboratorNotFoundError } from './credits.errors.ts';
import { applyFields, findLiveParty, listAlphabetical, type PartyPage } from './party-directory.ts';
import { assertMayChangeParty, type PartyEditor } from './party-ownership.ts';

/** API field name → entity property. */
const FIELDS = {
  name: 'name',
  email: 'email',
  role: 'role',
  artist_id: 'artistId',
} as const satisfies Record<keyof CreateCollaboratorBody, keyof Collaborator>;

const eventData = (collaborator: Collaborator) => ({ uuid: collaborator.id, name: collaborator.name });

/** A named artist must be a live artist of the same tenant (422 otherwise). */
const assertArtistInTenant = async (em: EntityManager, tenantId: string, artistId: string | null | undefined): Promise<void> => {
  if (!artistId) return;
  const artist = await em.count(Artist, { id: artistId, tenantId, deletedAt: null });
  if (artist === 0) throw new ValidationError({ artist_id: [Messages.artistNotInTenant] });
};

export const findCollaborator = (em: EntityManager, tenantId: string, collaboratorId: string): Promise<Collaborator> =>
  findLiveParty(em, Collaborator, tenantId, collaboratorId, () => new CollaboratorNotFoundError());

export const listCollaborators = (em: EntityManager, tenantId: string, query: PaginationQuery): Promise<PartyPage<Collaborator>> =>
  listAlphabetical(em, Collaborator, tenantId, query);

export const createCollaborator = async (em: EntityManager, tenantId: string, input: CreateCollaboratorBody): Promise<Collaborator> => {
  await assertArtistInTenant(em, tenantId, input.artist_id);
  const now = new Date();
  const collaborator = em.create(Collaborator, {
    id: randomUUID(),
    tenantId,
    name: input.name,
    sortName: '',
    artistId: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  });
  applyFields(collaborator, input, FIELDS);
  recordEvent(em, CreditEvents.collaboratorCreated, tenantId, eventData(collaborator));
  await em.flush();
  return collaborator;
};

export const updateCollaborator = async (
  em: EntityManager,
  editor: PartyEditor,
  collaboratorId: string,
  input: UpdateCollaboratorBody,
): Promise<Collaborator> => {
  const tenantId = editor.tenant_id;
  const collaborator = await findCollaborator(em, tenantId, collaboratorId);
  await assertMayChangeParty(em, editor, 'collaboratorId', collaborator.id);
  if (input.artist_id && input.artist_id !== collaborator.artistId) await assertArtistInTenant(em, tenantId, input.artist_id);
  applyFields(collaborator, input, FIELDS);
  collaborator.updatedAt = new Date();
  recordEvent(em, CreditEvents.collaboratorUpdated, tenantId, eventData(collaborator));
  await em.flush();
  return collaborator;
};

/** Soft delete: credits already given keep naming the collaborator; new credits cannot. */
export const deleteCollaborator = async (em: EntityManager, editor: PartyEditor, collaboratorId: string): Promise<void> => {
  const tenantId = editor.tenant_id;
  const collaborator = await findCollaborator(em, tenantId, collaboratorId);
  await assertMayChangeParty(em, editor, 'collaboratorId', collaborator.id);
  collaborator.deletedAt = new Date();
  recordEvent(em, CreditEvents.collaboratorDeleted, tenantId, eventData(collaborator));
  await em.flush();
};
