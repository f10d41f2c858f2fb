import type { Principal, ReleaseImportBody, ReleaseImportReply, TerritoriesBody, UploadedFile } from '@sv/contracts';

export type ImportedRelease = ReleaseImportReply['release'];

/** The catalogue, which owns releases and tracks; ingestion never writes them itself. */
export interface CataloguePort {
  /** One release and its tracks, all or nothing; a refusal is thrown as the catalogue's own error. */
  importRelease(principal: Principal, body: ReleaseImportBody): Promise<ImportedRelease>;
  /** Undoes an import whose job could not be recorded (the release is still a draft). */
  discardRelease(principal: Principal, releaseId: string): Promise<void>;
  /** The caller's visible release with this UPC; a refusal (404) is thrown as the catalogue's own error. */
  releaseByUpc(principal: Principal, upc: string): Promise<{ uuid: string }>;
  /** A track's audio from a stored file, checked exactly as an upload to POST /tracks/{uuid}/upload is. */
  attachAudio(principal: Principal, trackId: string, file: UploadedFile): Promise<void>;
  /** A release's cover from a stored file, checked and converted exactly as an upload to POST /releases/{uuid}/artwork is. */
  attachArtwork(principal: Principal, releaseId: string, file: UploadedFile): Promise<void>;
}

/** The delivery service, which takes releases down at the stores. */
export interface DeliveryPort {
  /** Queues a takedown to every store the release reached; a refusal is thrown as delivery's own error. */
  takeDown(principal: Principal, releaseId: string): Promise<void>;
}

/** The supply-chain, which owns where a release is offered. */
export interface SupplyChainPort {
  /** Sets the release's territories; a refusal is thrown as the supply-chain's own error. */
  setTerritories(principal: Principal, releaseId: string, territories: TerritoriesBody): Promise<void>;
}
