import { z } from 'zod';
import { defineEvent } from './events.ts';

/**
 * A JSON number written out as the plain decimal it was sent as ("0.0000001" rather than "1e-7").
 * JavaScript prints a double as the shortest text that reads back to it, which is the client's own
 * text for any amount of up to 15 significant digits, so money is taken from this text, never by
 * multiplying the float.
 */
export const plainDecimal = (value: number): string => {
  if (!Number.isFinite(value)) throw new RangeError('Not a finite number.');
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
};

/** How many decimals a JSON number carries as written (trailing zeros never count: 1.50 is 1.5). */
export const decimalPlaces = (value: number): number => {
  const fraction = plainDecimal(value).split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
};

/** Amounts in events: decimal strings, never floats. */
const decimalText = z.string().regex(/^-?\d+\.\d+$/);
const statementRef = {
  statement_id: z.uuid(),
  period: z.string(),
  currency: z.string(),
};

/** The `royalty.*` families: a file-level statement's lifecycle and withdrawals of a balance. */
export const RoyaltyEvents = {
  statementCreated: defineEvent('royalty.statement.created', z.object({ ...statementRef, filename: z.string().nullable() })),
  /** Lines were added and matched; the statement is ready for review. */
  statementCompleted: defineEvent(
    'royalty.statement.completed',
    z.object({
      ...statementRef,
      /** Six decimals, as reported. */
      total_revenue: decimalText,
      line_count: z.number().int().nonnegative(),
      unmatched_count: z.number().int().nonnegative(),
    }),
  ),
  /** Approved: every payee's share is pending. */
  statementApproved: defineEvent('royalty.statement.approved', z.object({ ...statementRef, total: decimalText })),
  /** Paid: the pending shares are available. */
  statementPaid: defineEvent('royalty.statement.paid', z.object({ ...statementRef, total: decimalText })),
  withdrawalRequested: defineEvent(
    'royalty.withdrawal.requested',
    z.object({
      withdrawal_id: z.uuid(),
      payee_type: z.enum(['artist', 'tenant']),
      payee_id: z.uuid().nullable(),
      amount_usd: decimalText,
      estimated_arrival: z.string(),
    }),
  ),
};
