import type { CatalogueContext } from '../catalogue-context.ts';
import {
  CreateCollaboratorBody,
  CreatePublisherBody,
  CreateWriterBody,
  CreditOperation,
  DefaultListQuery,
  TrackCreditsBody,
  UpdateCollaboratorBody,
  UpdatePublisherBody,
  UpdateWriterBody,
} from '@sv/contracts';
import { assertCan, created, noContent, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import {
  createCollaborator,
  deleteCollaborator,
  findCollaborator,
  listCollaborators,
  updateCollaborator,
} from '../app/credits/collaborators.service.ts';
import { presentCollaborator, presentPublisher, presentWriter } from '../app/credits/credit-parties.presenter.ts';
import { createPublisher, deletePublisher, findPublisher, listPublishers, updatePublisher } from '../app/credits/publishers.service.ts';
import { getTrackCredits, replaceTrackCredits } from '../app/credits/track-credits.service.ts';
import { createWriter, deleteWriter, findWriter, listWriters, updateWriter } from '../app/credits/writers.service.ts';

/** Thin adapters: parse, call one use-case on a forked ORM context, shape the reply. */
export const creditOperations = ({ orm }: CatalogueContext): OperationTable => ({
  // Writers
  [CreditOperation.writersList]: async (request) => {
    const query = parseOrThrow(DefaultListQuery, request.query);
    const page = await listWriters(orm.em.fork(), request.principal.tenant_id, query);
    return ok({ writers: page.rows.map(presentWriter), total: page.total, meta: page.meta });
  },
  [CreditOperation.writersCreate]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    const body = parseOrThrow(CreateWriterBody, request.body);
    return created({ writer: presentWriter(await createWriter(orm.em.fork(), request.principal.tenant_id, body)) });
  },
  [CreditOperation.writersGet]: async (request) => {
    const writer = await findWriter(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '');
    return ok({ writer: presentWriter(writer) });
  },
  [CreditOperation.writersUpdate]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    const body = parseOrThrow(UpdateWriterBody, request.body ?? {});
    const writer = await updateWriter(orm.em.fork(), request.principal, request.params.uuid ?? '', body);
    return ok({ writer: presentWriter(writer) });
  },
  [CreditOperation.writersDelete]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    await deleteWriter(orm.em.fork(), request.principal, request.params.uuid ?? '');
    return noContent();
  },

  // Publishers
  [CreditOperation.publishersList]: async (request) => {
    const query = parseOrThrow(DefaultListQuery, request.query);
    const page = await listPublishers(orm.em.fork(), request.principal.tenant_id, query);
    return ok({ publishers: page.rows.map(presentPublisher), total: page.total, meta: page.meta });
  },
  [CreditOperation.publishersCreate]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    const body = parseOrThrow(CreatePublisherBody, request.body);
    return created({ publisher: presentPublisher(await createPublisher(orm.em.fork(), request.principal.tenant_id, body)) });
  },
  [CreditOperation.publishersGet]: async (request) => {
    const publisher = await findPublisher(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '');
    return ok({ publisher: presentPublisher(publisher) });
  },
  [CreditOperation.publishersUpdate]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    const body = parseOrThrow(UpdatePublisherBody, request.body ?? {});
    const publisher = await updatePublisher(orm.em.fork(), request.principal, request.params.uuid ?? '', body);
    return ok({ publisher: presentPublisher(publisher) });
  },
  [CreditOperation.publishersDelete]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    await deletePublisher(orm.em.fork(), request.principal, request.params.uuid ?? '');
    return noContent();
  },

  // Collaborators
  [CreditOperation.collaboratorsList]: async (request) => {
    const query = parseOrThrow(DefaultListQuery, request.query);
    const page = await listCollaborators(orm.em.fork(), request.principal.tenant_id, query);
    return ok({ collaborators: page.rows.map(presentCollaborator), total: page.total, meta: page.meta });
  },
  [CreditOperation.collaboratorsCreate]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    const body = parseOrThrow(CreateCollaboratorBody, request.body);
    return created({ collaborator: presentCollaborator(await createCollaborator(orm.em.fork(), request.principal.tenant_id, body)) });
  },
  [CreditOperation.collaboratorsGet]: async (request) => {
    const collaborator = await findCollaborator(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '');
    return ok({ collaborator: presentCollaborator(collaborator) });
  },
  [CreditOperation.collaboratorsUpdate]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    const body = parseOrThrow(UpdateCollaboratorBody, request.body ?? {});
    const collaborator = await updateCollaborator(orm.em.fork(), request.principal, request.params.uuid ?? '', body);
    return ok({ collaborator: presentCollaborator(collaborator) });
  },
  [CreditOperation.collaboratorsDelete]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    await deleteCollaborator(orm.em.fork(), request.principal, request.params.uuid ?? '');
    return noContent();
  },

  // Track credits
  [CreditOperation.trackCreditsGet]: async (request) => {
    const credits = await getTrackCredits(orm.em.fork(), request.principal, request.params.uuid ?? '');
    return ok({ credits });
  },
  [CreditOperation.trackCreditsReplace]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    const body = parseOrThrow(TrackCreditsBody, request.body);
    const credits = await replaceTrackCredits(orm.em.fork(), request.principal, request.params.uuid ?? '', body);
    return ok({ credits });
  },
});
