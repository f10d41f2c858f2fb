import { configOrExit, exitOnSignals } from '@sv/platform';
import { readConfig } from './config.ts';
import { startGateway } from './gateway.ts';

const gateway = await startGateway(configOrExit(readConfig));
exitOnSignals(gateway.runtime.logger, () => gateway.stop());
