import type { CollaboratorResource, PublisherResource, WriterResource } from '@sv/contracts';
import type { Collaborator } from '../../db/entities/collaborator.entity.ts';
import type { Publisher } from '../../db/entities/publisher.entity.ts';
import type { Writer } from '../../db/entities/writer.entity.ts';

export const presentWriter = (writer: Writer): WriterResource => ({
  uuid: writer.id,
  name: writer.name,
  first_name: writer.firstName ?? null,
  last_name: writer.lastName ?? null,
  ipi: writer.ipi ?? null,
  isni: writer.isni ?? null,
  pro: writer.pro ?? null,
  country: writer.country ?? null,
  created_at: writer.createdAt.toISOString(),
  updated_at: writer.updatedAt.toISOString(),
});

export const presentPublisher = (publisher: Publisher): PublisherResource => ({
  uuid: publisher.id,
  name: publisher.name,
  ipi: publisher.ipi ?? null,
  pro: publisher.pro ?? null,
  country: publisher.country ?? null,
  created_at: publisher.createdAt.toISOString(),
  updated_at: publisher.updatedAt.toISOString(),
});

export const presentCollaborator = (collaborator: Collaborator): CollaboratorResource => ({
  uuid: collaborator.id,
  name: collaborator.name,
  email: collaborator.email ?? null,
  role: collaborator.role ?? null,
  artist_id: collaborator.artistId ?? null,
  created_at: collaborator.createdAt.toISOString(),
  updated_at: collaborator.updatedAt.toISOString(),
});
