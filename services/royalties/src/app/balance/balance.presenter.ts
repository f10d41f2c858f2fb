import { centsToUsd } from '../ledger/money.ts';
import type { PayeeBalance } from '../ledger/ledger.ts';
import { BALANCE_CURRENCY } from './balance.service.ts';

export const presentBalance = (balance: PayeeBalance, now: Date = new Date()) => ({
  available_usd: centsToUsd(balance.accounts.payee_available),
  pending_usd: centsToUsd(balance.accounts.payee_pending),
  currency: BALANCE_CURRENCY,
  last_updated: (balance.lastEntryAt ?? now).toISOString(),
});
