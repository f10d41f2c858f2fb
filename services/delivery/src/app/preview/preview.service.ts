import { DdexPreviewParams, Messages, type Principal } from '@sv/contracts';
import type { ErnVersion } from '@sv/ddex';
import { NotFoundError, ValidationError } from '@sv/platform';
import type { EntityManager } from '@mikro-orm/postgresql';
import { prepareMessage, type MessageParties } from '../queue/bundle.ts';
import { storeStagesOf } from '../lifecycle/store-stage.ts';
import { buildValidatedErn, nextDeliveryKind, storeErnVersion } from '../queue/ern-message.ts';
import { fileDigests } from '../queue/file-digests.ts';
import type { SendDeps } from '../queue/send-delivery.ts';
import { buildOrRefuse } from './preview-build.ts';
import { PreviewIncompleteError } from './preview.errors.ts';
import { missingForPreview } from './preview-requirements.ts';

/** The route's own rule for the file name (`<dsp_slug>.xml`); one that breaks it names no preview, so 404. */
const PreviewFile = DdexPreviewParams.shape.file;

/**
 * GET /releases/{uuid}/ddex/preview/{dsp_slug}.xml: the message the store would receive if the
 * release were delivered now, built as a delivery builds it (the same snapshot, effective config,
 * parties, stored files and kind: an update for a store that holds the release) in the store's own
 * ERN version unless `ernVersion` names another, validated with that version's schema, and never
 * sent. Only its MessageId and creation time differ from the delivery's. A draft that lacks what a
 * message needs is refused (422 naming each gap) before anything is built; nothing is written.
 */
export const previewMessage = async (
  em: EntityManager,
  deps: Pick<SendDeps, 'blobs' | 'catalogue' | 'supplyChain' | 'parties' | 'validators' | 'sender' | 'control'>,
  principal: Principal,
  releaseId: string,
  file: string,
  ernVersion: ErnVersion | undefined,
): Promise<string> => {
  if (!PreviewFile.safeParse(file).success) throw new NotFoundError(Messages.previewFileName, 'delivery.preview_file');
  const slug = file.slice(0, -'.xml'.length).toLowerCase();
  const release = await deps.catalogue.snapshot(principal, releaseId);
  if (!release) throw new NotFoundError(Messages.releaseNotFound, 'release.not_found');
  const stores = await deps.supplyChain.resolvedConfig(principal.tenant_id, releaseId);
  const store = stores.find((candidate) => candidate.dsp.slug === slug);
  if (!store) throw new ValidationError({ dsp: [Messages.dspNotAttached(slug)] }, Messages.dspNotAttached(slug));
  const missing = missingForPreview(release);
  if (Object.keys(missing).length > 0) throw new PreviewIncompleteError(missing);
  const version = ernVersion ?? buildOrRefuse(() => storeErnVersion(store), slug, store.dsp.name);
  const kind = nextDeliveryKind((await storeStagesOf(em, principal.tenant_id, release.uuid)).get(slug));
  const parties: MessageParties = { sender: deps.sender, tenant: await deps.parties.partyOf(principal.tenant_id), control: deps.control };
  const prepared = await prepareMessage(deps.blobs, fileDigests(em, deps.blobs), release, store, kind, parties, { id: `PREVIEW${release.upc}`, createdAt: new Date().toISOString() });
  const { xml, validation } = buildOrRefuse(() => buildValidatedErn(deps.validators, version, prepared.input), slug, store.dsp.name);
  if (!validation.valid) throw new ValidationError({ [slug]: validation.errors.slice(0, 50) }, Messages.ddexMessageInvalid(store.dsp.name));
  return xml;
};
