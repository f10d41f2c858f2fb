import { configOrExit, exitOnSignals } from '@sv/platform';
import { readConfig } from './config.ts';
import { startMcp } from './service.ts';

const mcp = await startMcp(configOrExit(readConfig));
exitOnSignals(mcp.logger, () => mcp.stop());
