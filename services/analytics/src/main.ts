import { configOrExit, exitOnSignals } from '@sv/platform';
import { readConfig } from './config.ts';
import { startAnalytics } from './service.ts';

const analytics = await startAnalytics(configOrExit(readConfig));
exitOnSignals(analytics.logger, () => analytics.stop());
