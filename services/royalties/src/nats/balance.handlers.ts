import { RoyaltyOperation } from '@sv/contracts';
import { ok, type OperationTable } from '@sv/platform';
import { presentBalance } from '../app/balance/balance.presenter.ts';
import { readBalance } from '../app/balance/balance.service.ts';
import type { RoyaltiesContext } from '../royalties-context.ts';

/** GET /royalties/balance: any role; the caller's own payee. */
export const balanceOperations = ({ orm }: RoyaltiesContext): OperationTable => ({
  [RoyaltyOperation.balance]: async (request) => ok({ balance: presentBalance(await readBalance(orm.em.fork(), request.principal)) }),
});
