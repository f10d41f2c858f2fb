import type { Environment } from '@sv/contracts';

/** The request header choosing the environment a tool call goes to (spec, MCP server). */
export const ENVIRONMENT_HEADER = 'x-service-env';

export type EnvironmentChoice = { environment: Environment } | { problem: string };

/** `X-Service-Env`: production (also when absent) or sandbox; anything else is refused, never guessed. */
export const chooseEnvironment = (header: string | undefined): EnvironmentChoice => {
  const value = (header ?? '').trim().toLowerCase();
  if (value === '' || value === 'production') return { environment: 'production' };
  if (value === 'sandbox') return { environment: 'sandbox' };
  return { problem: `The X-Service-Env header must be production or sandbox, not "${header}".` };
};
