import { RoyaltyOperation, WithdrawalBody } from '@sv/contracts';
import { created, parseOrThrow, type OperationTable } from '@sv/platform';
import { withdrawalPayee } from '../app/withdrawals/withdrawal-payee.ts';
import { presentWithdrawal } from '../app/withdrawals/withdrawal.presenter.ts';
import { requestWithdrawal } from '../app/withdrawals/withdrawals.service.ts';
import type { RoyaltiesContext } from '../royalties-context.ts';

/** POST /royalties/withdrawals: the caller's own money only (403 before the body is read when it has none). */
export const withdrawalOperations = ({ orm, config }: RoyaltiesContext): OperationTable => ({
  [RoyaltyOperation.withdraw]: async (request) => {
    const payee = withdrawalPayee(request.principal);
    const body = parseOrThrow(WithdrawalBody, request.body ?? {});
    const withdrawal = await requestWithdrawal(orm.em.fork(), request.principal, payee, body, { simulated: config.env === 'sandbox' });
    return created({ withdrawal: presentWithdrawal(withdrawal) });
  },
});
