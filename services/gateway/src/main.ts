import { exitOnSignals } from '@sv/platform';
import { readConfig } from './config.ts';
import { startGateway } from './gateway.ts';

const gateway = await startGateway(readConfig());
exitOnSignals(gateway.runtime.logger, () => gateway.stop());
