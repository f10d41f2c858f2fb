import { configOrExit, exitOnSignals } from '@sv/platform';
import { readConfig } from './config.ts';
import { startDelivery } from './service.ts';

const delivery = await startDelivery(configOrExit(readConfig));
exitOnSignals(delivery.logger, () => delivery.stop());
