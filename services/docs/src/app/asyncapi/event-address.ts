import { AnyDistributionStageEvent, AnyDspStageEvent, DSP_STAGES, eventSubject, subjectPrefix } from '@sv/contracts';
import type { ChannelParameter } from './asyncapi-types.ts';

/** The channel parameter naming the environment: the `<env>` of the `sv.<env>` prefix. */
export const ENV_PARAMETER = 'env';

interface WildcardParameter extends ChannelParameter {
  name: string;
}

/**
 * What the wildcard tokens of an event name stand for, in order. An event with wildcards that is
 * not listed here still gets a channel, its parameters named by position.
 */
const WILDCARD_PARAMETERS: Record<string, readonly WildcardParameter[]> = {
  [AnyDspStageEvent.name]: [
    { name: 'dsp', description: "The store's slug, e.g. `spotify`." },
    { name: 'stage', description: "The store's lifecycle stage the release reached.", enum: [...DSP_STAGES] },
  ],
  [AnyDistributionStageEvent.name]: [{ name: 'stage', description: 'The lifecycle stage of the partner-routed delivery.', enum: [...DSP_STAGES] }],
};

/** A NATS wildcard token: `*` is any one token, `>` any rest. */
export const isWildcard = (token: string): boolean => token === '*' || token === '>';

const wildcardParameters = (eventName: string): WildcardParameter[] => {
  const tokens = eventName.split('.');
  const named = WILDCARD_PARAMETERS[eventName] ?? [];
  return tokens.flatMap((token, position) => {
    if (!isWildcard(token)) return [];
    const index = tokens.slice(0, position).filter(isWildcard).length;
    return [named[index] ?? { name: `token${position + 1}`, description: `Token ${position + 1} of the event type: any value.` }];
  });
};

/** The event name with each wildcard token replaced by `replace(parameter)`. */
const substituteWildcards = (eventName: string, replace: (parameter: string) => string): string => {
  const parameters = wildcardParameters(eventName);
  let next = 0;
  return eventName
    .split('.')
    .map((token) => (isWildcard(token) ? replace(parameters[next++]?.name ?? token) : token))
    .join('.');
};

/** The event's key for channel, message and operation ids: its name, a wildcard read as `any`. */
export const eventKey = (eventName: string): string => substituteWildcards(eventName, () => 'any');

/** The subject an event is published on, `{env}` and each wildcard a channel parameter. */
export const channelAddress = (eventName: string): string =>
  eventSubject(subjectPrefix(`{${ENV_PARAMETER}}`), substituteWildcards(eventName, (parameter) => `{${parameter}}`));

/** The parameters of the channel's address: the environment, then the event name's wildcards. */
export const channelParameters = (eventName: string, environments: readonly string[]): Record<string, ChannelParameter> => ({
  [ENV_PARAMETER]: {
    description: 'The environment; each is an account of its own on the bus, with its own stream.',
    enum: [...environments],
  },
  ...Object.fromEntries(wildcardParameters(eventName).map(({ name, ...parameter }) => [name, parameter])),
});
