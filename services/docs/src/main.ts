import { configOrExit, exitOnSignals } from '@sv/platform';
import { readConfig } from './config.ts';
import { startDocs } from './docs-service.ts';

const docs = await startDocs(configOrExit(readConfig));
exitOnSignals(docs.logger, () => docs.stop());
