import { ForbiddenError } from '@sv/platform';

/** 403: the caller has no balance of its own to withdraw from (no artist, and no right to the workspace's). */
export class WithdrawalForbiddenError extends ForbiddenError {
  constructor(message: string) {
    super(message, 'withdrawal.no_payee');
  }
}
