import type { EntityManager } from '@mikro-orm/postgresql';
import { Release } from '../../db/entities/release.entity.ts';
import { CATALOGUE_SCHEMA } from '../../db/index.ts';
import { DuplicateUpcError, InvalidUpcError } from './releases.errors.ts';
import { composeUpc, isValidUpc, sameProductCodes } from './upc.ts';

/** A UPC a client supplied: 12 or 13 digits (checked by the body schema) with a valid check digit. */
export const assertValidUpc = (upc: string): void => {
  if (!isValidUpc(upc)) throw new InvalidUpcError();
};

const upcTaken = async (em: EntityManager, tenantId: string, upc: string, exceptReleaseId?: string): Promise<boolean> =>
  (await em.count(Release, {
    tenantId,
    deletedAt: null,
    upc: { $in: sameProductCodes(upc) },
    ...(exceptReleaseId ? { id: { $ne: exceptReleaseId } } : {}),
  })) > 0;

/** 409 `A record with these details already exists.` when another live release of the tenant has this product code. */
export const assertUpcFree = async (em: EntityManager, tenantId: string, upc: string, exceptReleaseId?: string): Promise<void> => {
  if (await upcTaken(em, tenantId, upc, exceptReleaseId)) throw new DuplicateUpcError();
};

const MAX_ASSIGN_ATTEMPTS = 5;

/**
 * The next auto-assigned UPC-A: the configured GS1 prefix, the next value of the shared serial
 * (never handed out twice, across tenants and replicas) and the check digit. A serial whose
 * code a client already supplied by hand in this tenant is skipped.
 */
export const assignUpc = async (em: EntityManager, tenantId: string, prefix: string): Promise<string> => {
  for (let attempt = 0; attempt < MAX_ASSIGN_ATTEMPTS; attempt++) {
    const [row] = await em.execute<{ serial: string }[]>(`select nextval('"${CATALOGUE_SCHEMA}"."upc_serial"')::text as "serial"`);
    const upc = composeUpc(prefix, BigInt(row?.serial ?? '0'));
    if (!(await upcTaken(em, tenantId, upc))) return upc;
  }
  throw new Error(`No free UPC after ${MAX_ASSIGN_ATTEMPTS} serials of prefix ${prefix}.`);
};
