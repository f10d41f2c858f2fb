import { DdexPreviewParams, Messages, type Principal } from '@sv/contracts';
import type { ErnVersion } from '@sv/ddex';
import { NotFoundError, ValidationError } from '@sv/platform';
import type { EntityManager } from '@mikro-orm/postgresql';
import { prepareMessage, type MessageParties } from '../queue/bundle.ts';
import { buildValidatedErn } from '../queue/ern-message.ts';
import { fileDigests } from '../queue/file-digests.ts';
import type { SendDeps } from '../queue/send-delivery.ts';
import { buildOrRefuse } from './preview-build.ts';
import { PreviewIncompleteError } from './preview.errors.ts';
import { missingForPreview } from './preview-requirements.ts';

/** The route's own rule for the file name (`<dsp_slug>.xml`); one that breaks it names no preview, so 404. */
const PreviewFile = DdexPreviewParams.shape.file;

/**
 * GET /releases/{uuid}/ddex/preview/{dsp_slug}.xml: the message the store would receive now, in
 * the ERN version asked for, built from the same code as a delivery, validated with that
 * version's schema, and never sent. A draft that lacks what a message needs is refused (422
 * naming each gap) before anything is built; nothing is written either way.
 */
export const previewMessage = async (
  em: EntityManager,
  deps: Pick<SendDeps, 'blobs' | 'catalogue' | 'supplyChain' | 'parties' | 'validators' | 'sender' | 'control'>,
  principal: Principal,
  releaseId: string,
  file: string,
  ernVersion: ErnVersion,
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
  const parties: MessageParties = { sender: deps.sender, tenant: await deps.parties.partyOf(principal.tenant_id), control: deps.control };
  const prepared = await prepareMessage(deps.blobs, fileDigests(em, deps.blobs), release, store, 'new', parties, { id: `PREVIEW${release.upc}`, createdAt: new Date().toISOString() });
  const { xml, validation } = buildOrRefuse(() => buildValidatedErn(deps.validators, ernVersion, prepared.input), slug, store.dsp.name);
  if (!validation.valid) throw new ValidationError({ [slug]: validation.errors.slice(0, 50) }, Messages.ddexMessageInvalid(store.dsp.name));
  return xml;
};
