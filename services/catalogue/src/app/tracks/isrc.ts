import type { EntityManager } from '@mikro-orm/postgresql';
import { Messages } from '@sv/contracts';
import { ConflictError } from '@sv/platform';

/** The largest 5-digit designation; a tenant gets this many auto-assigned ISRCs per year. */
export const MAX_DESIGNATION = 99_999;

/**
 * An auto-assigned ISRC: the configured country + registrant code (5 characters), the last two
 * digits of the year, and the designation as 5 digits.
 */
export const composeIsrc = (registrant: string, year: number, designation: number): string => {
  if (!/^[A-Z]{2}[A-Z0-9]{3}$/.test(registrant)) throw new Error(`invalid ISRC registrant '${registrant}'`);
  if (!Number.isInteger(designation) || designation < 1 || designation > MAX_DESIGNATION) {
    throw new Error(`ISRC designation out of range: ${designation}`);
  }
  return `${registrant}${String(year % 100).padStart(2, '0')}${String(designation).padStart(5, '0')}`;
};

/**
 * Takes the tenant's next designation of `year` from "catalogue"."isrc_counter". The row stays
 * locked until the caller's transaction ends, so two creations never get the same number, and a
 * rolled-back creation gives its number back.
 */
export const takeDesignation = async (em: EntityManager, tenantId: string, year: number): Promise<number> => {
  const rows = await em.execute<{ last_designation: number }[]>(
    `insert into "catalogue"."isrc_counter" ("tenant_id", "year", "last_designation") values (?, ?, 1)
      on conflict ("tenant_id", "year") do update set "last_designation" = "isrc_counter"."last_designation" + 1
      returning "last_designation"`,
    [tenantId, year],
  );
  const designation = Number(rows[0]?.last_designation);
  if (!(designation <= MAX_DESIGNATION)) throw new ConflictError(Messages.isrcDesignationsExhausted, 'isrc.exhausted');
  return designation;
};

/**
 * A new ISRC for the tenant, skipping any already carried by one of its recordings (a client
 * may have supplied a code in our range). Call inside a transaction.
 */
export const assignIsrc = async (
  em: EntityManager,
  tenantId: string,
  registrant: string,
  isTaken: (isrc: string) => Promise<boolean>,
  now = new Date(),
): Promise<string> => {
  const year = now.getUTCFullYear();
  for (;;) {
    const isrc = composeIsrc(registrant, year, await takeDesignation(em, tenantId, year));
    if (!(await isTaken(isrc))) return isrc;
  }
};
