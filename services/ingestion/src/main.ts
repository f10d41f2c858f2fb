import { configOrExit, exitOnSignals } from '@sv/platform';
import { readConfig } from './config.ts';
import { startIngestion } from './service.ts';

const ingestion = await startIngestion(configOrExit(readConfig));
exitOnSignals(ingestion.logger, () => ingestion.stop());
