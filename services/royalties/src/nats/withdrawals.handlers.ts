import { RoyaltyOperation, WithdrawalBody } from '@sv/contracts';
import { created, parseOrThrow, type OperationTable } from '@sv/platform';
import { presentWithdrawal } from '../app/withdrawals/withdrawal.presenter.ts';
import { requestWithdrawal } from '../app/withdrawals/withdrawals.service.ts';
import type { RoyaltiesContext } from '../royalties-context.ts';

/** POST /royalties/withdrawals: any role, from the caller's own available balance. */
export const withdrawalOperations = ({ orm, config }: RoyaltiesContext): OperationTable => ({
  [RoyaltyOperation.withdraw]: async (request) => {
    const body = parseOrThrow(WithdrawalBody, request.body ?? {});
    return created({ withdrawal: presentWithdrawal(await requestWithdrawal(orm.em.fork(), request.principal, body, { simulated: config.env === 'sandbox' })) });
  },
});
