import { exitOnSignals } from '@sv/platform';
import { readConfig } from './config.ts';
import { startSupplyChain } from './service.ts';

const supplyChain = await startSupplyChain(readConfig());
exitOnSignals(supplyChain.logger, () => supplyChain.stop());
