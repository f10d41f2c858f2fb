import { DdexPreviewParams, Messages, type Principal } from '@sv/contracts';
import { buildErn43 } from '@sv/ddex';
import { NotFoundError, ValidationError } from '@sv/platform';
import type { EntityManager } from '@mikro-orm/postgresql';
import { prepareMessage, type MessageParties } from '../queue/bundle.ts';
import { fileDigests } from '../queue/file-digests.ts';
import type { SendDeps } from '../queue/send-delivery.ts';

/** The route's own rule for the file name (`<dsp_slug>.xml`); one that breaks it names no preview, so 404. */
const PreviewFile = DdexPreviewParams.shape.file;

/**
 * GET /releases/{uuid}/ddex/preview/{dsp_slug}.xml: the ERN 4.3 message the store would receive
 * now, built from the same code as a delivery, validated, and never sent.
 */
export const previewMessage = async (
  em: EntityManager,
  deps: Pick<SendDeps, 'blobs' | 'catalogue' | 'supplyChain' | 'parties' | 'validator' | 'sender' | 'control'>,
  principal: Principal,
  releaseId: string,
  file: string,
): Promise<string> => {
  if (!PreviewFile.safeParse(file).success) throw new NotFoundError(Messages.previewFileName, 'delivery.preview_file');
  const slug = file.slice(0, -'.xml'.length).toLowerCase();
  const release = await deps.catalogue.snapshot(principal, releaseId);
  if (!release) throw new NotFoundError(Messages.releaseNotFound, 'release.not_found');
  const stores = await deps.supplyChain.resolvedConfig(principal.tenant_id, releaseId);
  const store = stores.find((candidate) => candidate.dsp.slug === slug);
  if (!store) throw new ValidationError({ dsp: [Messages.dspNotAttached(slug)] }, Messages.dspNotAttached(slug));
  const parties: MessageParties = { sender: deps.sender, tenant: await deps.parties.partyOf(principal.tenant_id), control: deps.control };
  const prepared = await prepareMessage(deps.blobs, fileDigests(em, deps.blobs), release, store, 'new', parties, { id: `PREVIEW${release.upc}`, createdAt: new Date().toISOString() });
  const xml = buildErn43(prepared.input);
  const validation = deps.validator.validate(xml);
  if (!validation.valid) throw new ValidationError({ [slug]: validation.errors.slice(0, 50) }, Messages.ddexMessageInvalid(store.dsp.name));
  return xml;
};
