import { randomInt } from 'node:crypto';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A DDEX Party Identifier: `PADPIDA` followed by 11 characters (here the issue date and three
 * random characters). Uniqueness is enforced by the database; a clash is retried by the caller.
 */
export const newDdexPartyId = (now = new Date()): string => {
  const date = now.toISOString().slice(0, 10).replace(/-/g, '');
  let tail = '';
  for (let i = 0; i < 3; i++) tail += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `PADPIDA${date}${tail}`;
};
