import { Messages } from '@sv/contracts';
import { ConflictError, NotFoundError, ValidationError } from '@sv/platform';

export class WebhookNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.webhookNotFound, 'webhook.not_found');
  }
}

/** 409: the tenant already holds the most active subscriptions allowed. */
export class WebhookLimitError extends ConflictError {
  constructor() {
    super(Messages.webhookLimit, 'webhook.limit');
  }
}

/** 422 `Unknown event pattern(s): <list>.`, with the same list on `events`. */
export class UnknownEventPatternsError extends ValidationError {
  constructor(patterns: string[]) {
    super({ events: patterns.map((pattern) => `Unknown event pattern: ${pattern}`) }, Messages.unknownEventPatterns(patterns));
  }
}

/** 422 on `url`: not https, or a refused target address. */
export class WebhookUrlError extends ValidationError {
  constructor(problem: string) {
    super({ url: [problem] });
  }
}

