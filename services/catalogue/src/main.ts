import { configOrExit, exitOnSignals } from '@sv/platform';
import { readConfig } from './config.ts';
import { startCatalogue } from './service.ts';

const catalogue = await startCatalogue(configOrExit(readConfig));
exitOnSignals(catalogue.logger, () => catalogue.stop());
