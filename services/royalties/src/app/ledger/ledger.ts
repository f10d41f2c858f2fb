import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LedgerEntry } from '../../db/entities/ledger-entry.entity.ts';

export const LEDGER_ACCOUNTS = ['royalty_income', 'payee_pending', 'payee_available', 'payee_withdrawing'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * Whom an entry is held for: an artist, user or writer of the tenant, an external payee of a split
 * (known by email), or the tenant itself (its own share and the rounding).
 */
export type Payee =
  | { type: 'artist' | 'user' | 'writer'; id: string; email?: undefined }
  | { type: 'external'; id: null; email: string }
  | { type: 'tenant'; id: null; email?: undefined };

/** The payees a caller acts for (balance, withdrawals, monthly statements): its artist, or the workspace. */
export type PrincipalPayee = { type: 'artist'; id: string } | { type: 'tenant'; id: null };

export const TENANT_PAYEE: PrincipalPayee = { type: 'tenant', id: null };

export const payeeOfArtist = (artistId: string | null): PrincipalPayee => (artistId ? { type: 'artist', id: artistId } : TENANT_PAYEE);

/**
 * The ledger's payee of a stored or computed payee (a split's row, a payee statement, an entry): an
 * artist, user or writer by its id, an external payee by its email in lower case, else the workspace.
 */
export const ledgerPayee = (payee: { type: string; id: string | null; email: string | null }): Payee => {
  if ((payee.type === 'artist' || payee.type === 'user' || payee.type === 'writer') && payee.id) return { type: payee.type, id: payee.id };
  if (payee.type === 'external' && payee.email) return { type: 'external', id: null, email: payee.email.toLowerCase() };
  return TENANT_PAYEE;
};

export type LedgerCause = 'statement_approval' | 'statement_payment' | 'withdrawal' | 'payee_statement_approval' | 'payout';

export interface JournalLeg {
  account: LedgerAccount;
  payee: Payee;
  /** Cents, signed. */
  amount: bigint;
}

export interface Journal {
  tenantId: string;
  currency: string;
  cause: { type: LedgerCause; id: string };
  legs: JournalLeg[];
  at?: Date;
}

/** A journal whose legs do not sum to zero is a defect in the caller, never a client's mistake. */
export class UnbalancedJournalError extends Error {
  constructor(sum: bigint) {
    super(`A ledger journal must sum to zero; this one sums to ${sum}.`);
  }
}

/**
 * Posts one journal in the caller's unit of work (its transaction commits it, or nothing). Legs of
 * zero are left out; the database checks the sum again at commit.
 */
export const postJournal = (em: EntityManager, journal: Journal): string => {
  const sum = journal.legs.reduce((total, leg) => total + leg.amount, 0n);
  if (sum !== 0n) throw new UnbalancedJournalError(sum);
  const journalId = randomUUID();
  const createdAt = journal.at ?? new Date();
  for (const leg of journal.legs) {
    if (leg.amount === 0n) continue;
    em.create(LedgerEntry, {
      id: randomUUID(),
      tenantId: journal.tenantId,
      journalId,
      account: leg.account,
      payeeType: leg.payee.type,
      payeeId: leg.payee.id,
      payeeEmail: leg.payee.email ?? null,
      currency: journal.currency,
      amountMinor: leg.amount,
      causeType: journal.cause.type,
      causeId: journal.cause.id,
      createdAt,
    });
  }
  return journalId;
};

export interface PayeeBalance {
  /** Cents per account (absent accounts are zero). */
  accounts: Record<LedgerAccount, bigint>;
  /** The newest entry's time, when the payee has any. */
  lastEntryAt: Date | null;
}

/** A payee's balance in one currency: always the sum of its entries, never a stored figure. */
export const payeeBalance = async (em: EntityManager, tenantId: string, payee: Payee, currency: string): Promise<PayeeBalance> => {
  const rows = await em.execute<{ account: LedgerAccount; total: string; last_at: Date | string }[]>(
    `select "account", sum("amount_minor")::text as "total", max("created_at") as "last_at"
       from "royalties"."ledger_entry"
      where "tenant_id" = ? and "payee_type" = ? and "payee_id" is not distinct from ?::uuid
        and "payee_email" is not distinct from ? and "currency" = ?
      group by "account"`,
    [tenantId, payee.type, payee.id, payee.email ?? null, currency],
  );
  const accounts = Object.fromEntries(LEDGER_ACCOUNTS.map((account) => [account, 0n])) as Record<LedgerAccount, bigint>;
  let lastEntryAt: Date | null = null;
  for (const row of rows) {
    accounts[row.account] = BigInt(row.total);
    const at = new Date(row.last_at);
    if (!lastEntryAt || at > lastEntryAt) lastEntryAt = at;
  }
  return { accounts, lastEntryAt };
};
