import { configOrExit, exitOnSignals } from '@sv/platform';
import { readConfig } from './config.ts';
import { startWebhooks } from './service.ts';

const webhooks = await startWebhooks(configOrExit(readConfig));
exitOnSignals(webhooks.logger, () => webhooks.stop());
