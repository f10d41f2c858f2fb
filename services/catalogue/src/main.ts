import { exitOnSignals } from '@sv/platform';
import { readConfig } from './config.ts';
import { startCatalogue } from './service.ts';

const catalogue = await startCatalogue(readConfig());
exitOnSignals(catalogue.logger, () => catalogue.stop());
