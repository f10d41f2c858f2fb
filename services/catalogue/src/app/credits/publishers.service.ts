import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CreditEvents, type CreatePublisherBody, type PaginationQuery, type UpdatePublisherBody } from '@sv/contracts';
import { recordEvent } from '@sv/platform';
import { Publisher } from '../../db/entities/publisher.entity.ts';
import { PublisherNotFoundError } from './credits.errors.ts';
import { applyFields, assertIpiFree, findLiveParty, flushGuardingIpi, listAlphabetical, type PartyPage } from './party-directory.ts';
import { assertMayChangeParty, type PartyEditor } from './party-ownership.ts';

/** API field name → entity property. */
const FIELDS = {
  name: 'name',
  ipi: 'ipi',
  pro: 'pro',
  country: 'country',
} as const satisfies Record<keyof CreatePublisherBody, keyof Publisher>;

const eventData = (publisher: Publisher) => ({ uuid: publisher.id, name: publisher.name });

export const findPublisher = (em: EntityManager, tenantId: string, publisherId: string): Promise<Publisher> =>
  findLiveParty(em, Publisher, tenantId, publisherId, () => new PublisherNotFoundError());

export const listPublishers = (em: EntityManager, tenantId: string, query: PaginationQuery): Promise<PartyPage<Publisher>> =>
  listAlphabetical(em, Publisher, tenantId, query);

export const createPublisher = async (em: EntityManager, tenantId: string, input: CreatePublisherBody): Promise<Publisher> => {
  await assertIpiFree(em, Publisher, tenantId, input.ipi);
  const now = new Date();
  const publisher = em.create(Publisher, {
    id: randomUUID(),
    tenantId,
    name: input.name,
    sortName: '',
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  });
  applyFields(publisher, input, FIELDS);
  recordEvent(em, CreditEvents.publisherCreated, tenantId, eventData(publisher));
  await flushGuardingIpi(em);
  return publisher;
};

export const updatePublisher = async (
  em: EntityManager,
  editor: PartyEditor,
  publisherId: string,
  input: UpdatePublisherBody,
): Promise<Publisher> => {
  const tenantId = editor.tenant_id;
  const publisher = await findPublisher(em, tenantId, publisherId);
  await assertMayChangeParty(em, editor, 'publisherId', publisher.id);
  if (input.ipi && input.ipi !== publisher.ipi) await assertIpiFree(em, Publisher, tenantId, input.ipi, publisher.id);
  applyFields(publisher, input, FIELDS);
  publisher.updatedAt = new Date();
  recordEvent(em, CreditEvents.publisherUpdated, tenantId, eventData(publisher));
  await flushGuardingIpi(em);
  return publisher;
};

/** Soft delete: credits already given keep naming the publisher; new credits cannot. */
export const deletePublisher = async (em: EntityManager, editor: PartyEditor, publisherId: string): Promise<void> => {
  const tenantId = editor.tenant_id;
  const publisher = await findPublisher(em, tenantId, publisherId);
  await assertMayChangeParty(em, editor, 'publisherId', publisher.id);
  publisher.deletedAt = new Date();
  recordEvent(em, CreditEvents.publisherDeleted, tenantId, eventData(publisher));
  await em.flush();
};
