import { exitOnSignals } from '@sv/platform';
import { readConfig } from './config.ts';
import { startDelivery } from './service.ts';

const delivery = await startDelivery(readConfig());
exitOnSignals(delivery.logger, () => delivery.stop());
