import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import { payeeBalance, payeeOfArtist, type PayeeBalance, type PrincipalPayee } from '../ledger/ledger.ts';

/** Balances and withdrawals are in US dollars. */
export const BALANCE_CURRENCY = 'USD';

/** Whose money the caller sees: its artist's, or the workspace's own (who may move it is `withdrawalPayee`). */
export const payeeOfPrincipal = (principal: Principal): PrincipalPayee => payeeOfArtist(principal.artist_id);

/** GET /royalties/balance. */
export const readBalance = (em: EntityManager, principal: Principal): Promise<PayeeBalance> =>
  payeeBalance(em, principal.tenant_id, payeeOfPrincipal(principal), BALANCE_CURRENCY);
