import { configOrExit, exitOnSignals } from '@sv/platform';
import { readConfig } from './config.ts';
import { startSupplyChain } from './service.ts';

const supplyChain = await startSupplyChain(configOrExit(readConfig));
exitOnSignals(supplyChain.logger, () => supplyChain.stop());
