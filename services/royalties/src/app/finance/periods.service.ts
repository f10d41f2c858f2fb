import { randomUUID } from 'node:crypto';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreateFinancePeriodBody, PaginationQuery, Principal } from '@sv/contracts';
import { findPage, type FoundPage } from '@sv/platform';
import { FinancePeriod } from '../../db/entities/finance-period.entity.ts';
import { PeriodCodeExistsError, PeriodNotFoundError } from './finance.errors.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tenant's live period, or 404 `Period not found.` (also for an id that is not a UUID). */
export const findPeriod = async (em: EntityManager, tenantId: string, periodId: string, lock = false): Promise<FinancePeriod> => {
  if (!UUID.test(periodId)) throw new PeriodNotFoundError();
  const period = await em.findOne(FinancePeriod, { id: periodId, tenantId, deletedAt: null }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {});
  if (!period) throw new PeriodNotFoundError();
  return period;
};

/** A new period; its code must be free among the tenant's live periods (409, checked again by the unique index). */
export const createPeriod = async (em: EntityManager, principal: Principal, input: CreateFinancePeriodBody): Promise<FinancePeriod> => {
  const tenantId = principal.tenant_id;
  if (await em.count(FinancePeriod, { tenantId, code: input.code, deletedAt: null })) throw new PeriodCodeExistsError();
  const period = em.create(FinancePeriod, {
    id: randomUUID(),
    tenantId,
    code: input.code,
    name: input.name ?? null,
    startsOn: input.starts_on,
    endsOn: input.ends_on,
    currency: input.currency,
    createdAt: new Date(),
    deletedAt: null,
  });
  try {
    await em.flush();
  } catch (error) {
    // Two creates of one code at once: the index lets one through.
    if (error instanceof UniqueConstraintViolationException) throw new PeriodCodeExistsError();
    throw error;
  }
  return period;
};

export const listPeriods = (em: EntityManager, tenantId: string, query: PaginationQuery): Promise<FoundPage<FinancePeriod>> =>
  findPage(em, FinancePeriod, { tenantId, deletedAt: null }, {
    query,
    order: [
      { property: 'createdAt', direction: 'desc', type: 'date' },
      { property: 'id', direction: 'desc', type: 'uuid' },
    ],
  });
