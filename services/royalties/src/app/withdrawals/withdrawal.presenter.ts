import type { Withdrawal } from '../../db/entities/withdrawal.entity.ts';
import { centsToUsd } from '../ledger/money.ts';

export const presentWithdrawal = (withdrawal: Withdrawal) => ({
  id: withdrawal.id,
  amount_usd: centsToUsd(withdrawal.amountMinor),
  status: withdrawal.status,
  estimated_arrival: withdrawal.estimatedArrival,
  created_at: withdrawal.createdAt.toISOString(),
});
