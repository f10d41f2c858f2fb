import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CreditEvents, type CreateWriterBody, type PaginationQuery, type UpdateWriterBody } from '@sv/contracts';
import { recordEvent } from '@sv/platform';
import { Writer } from '../../db/entities/writer.entity.ts';
import { WriterNotFoundError } from './credits.errors.ts';
import { applyFields, assertIpiFree, findLiveParty, flushGuardingIpi, listAlphabetical, type PartyPage } from './party-directory.ts';
import { assertMayChangeParty, type PartyEditor } from './party-ownership.ts';

/** API field name → entity property. */
const FIELDS = {
  name: 'name',
  first_name: 'firstName',
  last_name: 'lastName',
  ipi: 'ipi',
  isni: 'isni',
  pro: 'pro',
  country: 'country',
} as const satisfies Record<keyof CreateWriterBody, keyof Writer>;

const eventData = (writer: Writer) => ({ uuid: writer.id, name: writer.name });

export const findWriter = (em: EntityManager, tenantId: string, writerId: string): Promise<Writer> =>
  findLiveParty(em, Writer, tenantId, writerId, () => new WriterNotFoundError());

export const listWriters = (em: EntityManager, tenantId: string, query: PaginationQuery): Promise<PartyPage<Writer>> =>
  listAlphabetical(em, Writer, tenantId, query);

export const createWriter = async (em: EntityManager, tenantId: string, input: CreateWriterBody): Promise<Writer> => {
  await assertIpiFree(em, Writer, tenantId, input.ipi);
  const now = new Date();
  const writer = em.create(Writer, { id: randomUUID(), tenantId, name: input.name, sortName: '', createdAt: now, updatedAt: now, deletedAt: null });
  applyFields(writer, input, FIELDS);
  recordEvent(em, CreditEvents.writerCreated, tenantId, eventData(writer));
  await flushGuardingIpi(em);
  return writer;
};

export const updateWriter = async (em: EntityManager, editor: PartyEditor, writerId: string, input: UpdateWriterBody): Promise<Writer> => {
  const tenantId = editor.tenant_id;
  const writer = await findWriter(em, tenantId, writerId);
  await assertMayChangeParty(em, editor, 'writerId', writer.id);
  if (input.ipi && input.ipi !== writer.ipi) await assertIpiFree(em, Writer, tenantId, input.ipi, writer.id);
  applyFields(writer, input, FIELDS);
  writer.updatedAt = new Date();
  recordEvent(em, CreditEvents.writerUpdated, tenantId, eventData(writer));
  await flushGuardingIpi(em);
  return writer;
};

/** Soft delete: credits already given keep naming the writer; new credits cannot. */
export const deleteWriter = async (em: EntityManager, editor: PartyEditor, writerId: string): Promise<void> => {
  const tenantId = editor.tenant_id;
  const writer = await findWriter(em, tenantId, writerId);
  await assertMayChangeParty(em, editor, 'writerId', writer.id);
  writer.deletedAt = new Date();
  recordEvent(em, CreditEvents.writerDeleted, tenantId, eventData(writer));
  await em.flush();
};
