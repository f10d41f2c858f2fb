import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Messages, RoyaltyEvents, type Principal, type WithdrawalBody } from '@sv/contracts';
import { recordEvent, ValidationError } from '@sv/platform';
import { Withdrawal } from '../../db/entities/withdrawal.entity.ts';
import { BALANCE_CURRENCY } from '../balance/balance.service.ts';
import { payeeBalance, postJournal, type PrincipalPayee } from '../ledger/ledger.ts';
import { CENTS_SCALE, centsToUsd, numberToMinor } from '../ledger/money.ts';
import { addBusinessDays, WITHDRAWAL_BUSINESS_DAYS } from './business-days.ts';

/**
 * POST /royalties/withdrawals: moves the amount from the payee's available balance to withdrawing
 * and records the request. The payee is the caller's own (`withdrawalPayee`, asked by the adapter
 * before the body is read, so a caller with nothing to withdraw is refused first). A payee's withdrawals are serialised by a transaction-scoped lock, so the
 * balance read is the one the journal is posted against: two requests for the whole balance never
 * both succeed.
 */
export const requestWithdrawal = async (
  em: EntityManager,
  principal: Principal,
  payee: PrincipalPayee,
  body: WithdrawalBody,
  options: { simulated: boolean },
): Promise<Withdrawal> => {
  const tenantId = principal.tenant_id;
  const amount = numberToMinor(body.amount_usd, CENTS_SCALE);
  return em.transactional(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`royalties.payee:${tenantId}:${payee.type}:${payee.id ?? ''}`]);
    const { accounts } = await payeeBalance(tx, tenantId, payee, BALANCE_CURRENCY);
    if (amount > accounts.payee_available) {
      throw new ValidationError({ amount_usd: [Messages.withdrawalAboveAvailable(centsToUsd(accounts.payee_available))] });
    }
    const now = new Date();
    const id = randomUUID();
    const journalId = postJournal(tx, {
      tenantId,
      currency: BALANCE_CURRENCY,
      cause: { type: 'withdrawal', id },
      legs: [
        { account: 'payee_available', payee, amount: -amount },
        { account: 'payee_withdrawing', payee, amount },
      ],
      at: now,
    });
    const withdrawal = tx.create(Withdrawal, {
      id,
      tenantId,
      payeeType: payee.type,
      payeeId: payee.id,
      currency: BALANCE_CURRENCY,
      amountMinor: amount,
      // The sandbox records the request and its ledger entries and sends no money: it says so.
      status: options.simulated ? 'simulated' : 'pending',
      note: body.note ?? null,
      estimatedArrival: addBusinessDays(now, WITHDRAWAL_BUSINESS_DAYS),
      journalId,
      createdAt: now,
    });
    recordEvent(tx, RoyaltyEvents.withdrawalRequested, tenantId, {
      withdrawal_id: id,
      payee_type: payee.type,
      payee_id: payee.id,
      amount_usd: centsToUsd(amount),
      estimated_arrival: withdrawal.estimatedArrival,
    });
    return withdrawal;
  });
};
