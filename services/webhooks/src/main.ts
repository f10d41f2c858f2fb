import { exitOnSignals } from '@sv/platform';
import { readConfig } from './config.ts';
import { startWebhooks } from './service.ts';

const webhooks = await startWebhooks(readConfig());
exitOnSignals(webhooks.logger, () => webhooks.stop());
