import type { Environment } from '@sv/contracts';
import type { GatewayAnswer, GatewayClient } from './gateway-client.ts';

/** The cheapest authenticated read of the API (spec: "returns the workspace of a valid key"). */
export const KEY_CHECK_PATH = '/users/me';

/**
 * Asks the gateway whether the caller's key is good, before the server does anything on the
 * caller's behalf that costs more than a request (fetching a file_url). Resolves to the
 * gateway's refusal (401, 402, 429...) to hand back as it is, or undefined when the key is good.
 */
export const refusalOfKey = async (
  gateway: GatewayClient,
  environment: Environment,
  authorization: string,
  signal: AbortSignal,
): Promise<GatewayAnswer | undefined> => {
  const answer = await gateway.send(environment, {
    method: 'GET',
    target: KEY_CHECK_PATH,
    headers: { accept: 'application/json', 'user-agent': 'sv-mcp', authorization },
    signal,
  });
  return answer.status >= 200 && answer.status <= 299 ? undefined : answer;
};
