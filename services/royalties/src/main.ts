import { configOrExit, exitOnSignals } from '@sv/platform';
import { readConfig } from './config.ts';
import { startRoyalties } from './service.ts';

const royalties = await startRoyalties(configOrExit(readConfig));
exitOnSignals(royalties.logger, () => royalties.stop());
