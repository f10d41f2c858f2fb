import { DspListQuery, SupplyChainOperation } from '@sv/contracts';
import { ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { presentDsp } from '../app/dsps/dsp.presenter.ts';
import { listActiveDsps } from '../app/dsps/dsps.service.ts';
import type { SupplyChainContext } from '../supply-chain-context.ts';

/** GET /supply-chain/dsps: the active destinations, readable by every role. */
export const dspOperations = ({ orm, config }: SupplyChainContext): OperationTable => ({
  [SupplyChainOperation.dsps]: async (request) => {
    const query = parseOrThrow(DspListQuery, request.query);
    const dsps = await listActiveDsps(orm.em.fork(), query);
    return ok({ dsps: dsps.map((dsp) => presentDsp(dsp, config.cdnUrl)) });
  },
});
