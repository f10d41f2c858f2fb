import { moneyPayee, type Principal } from '@sv/contracts';
import { payeeOfArtist, type PrincipalPayee } from '../ledger/ledger.ts';
import { WithdrawalForbiddenError } from './withdrawals.errors.ts';

/**
 * Whose balance a withdrawal draws on: the caller's own artist, or the workspace's own for a caller
 * with royalties.pay or finance.manage. Anyone else is refused before any balance is read.
 */
export const withdrawalPayee = (principal: Principal): PrincipalPayee => {
  const decision = moneyPayee(principal);
  if (!decision.allowed) throw new WithdrawalForbiddenError(decision.message);
  return payeeOfArtist(decision.payee === 'artist' ? decision.artistId : null);
};
