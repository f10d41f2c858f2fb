import { DspOverrideBody, ReleaseDspsBody, SupplyChainOperation } from '@sv/contracts';
import { assertCan, ok, parseOrThrow, type OperationHandler, type OperationTable } from '@sv/platform';
import { overrideDsp } from '../app/release-config/dsp-override.service.ts';
import { releaseStores, removeStore, selectStores, storeSelection } from '../app/release-dsps/release-dsps.service.ts';
import type { SupplyChainContext } from '../supply-chain-context.ts';

/** Thin adapters: parse, call one use-case on a forked ORM context, shape the reply. */
export const releaseDspOperations = ({ orm, releases }: SupplyChainContext): OperationTable => {
  const select =
    (mode: 'body' | 'replace'): OperationHandler =>
    async (request) => {
      assertCan(request.principal, 'releases.update');
      const body = parseOrThrow(ReleaseDspsBody, request.body ?? {});
      const dsps = await selectStores({ em: orm.em.fork(), releases }, request.principal, request.params.uuid ?? '', {
        slugs: body.dsps ?? [],
        ids: body.dsp_ids ?? [],
        replace: mode === 'replace' || body.replace === true,
      });
      return ok({ dsps });
    };

  return {
    // A read: who sees the release (the catalogue decides) sees its stores.
    [SupplyChainOperation.releaseDspsList]: async (request) =>
      ok({ dsps: await releaseStores({ em: orm.em.fork(), releases }, request.principal, request.params.uuid ?? '') }),
    [SupplyChainOperation.releaseDspsAdd]: select('body'),
    [SupplyChainOperation.releaseDspsReplace]: select('replace'),
    [SupplyChainOperation.releaseDspsRemove]: async (request) => {
      assertCan(request.principal, 'releases.update');
      const dsps = await removeStore(
        { em: orm.em.fork(), releases },
        request.principal,
        request.params.uuid ?? '',
        request.params.slug ?? '',
      );
      return ok({ dsps });
    },
    [SupplyChainOperation.releaseDspsOverride]: async (request) => {
      assertCan(request.principal, 'supply_chain.manage');
      const body = parseOrThrow(DspOverrideBody, request.body ?? {});
      const dsp = await overrideDsp(
        { em: orm.em.fork(), releases },
        request.principal,
        request.params.uuid ?? '',
        request.params.slug ?? '',
        body,
      );
      return ok({ dsp });
    },
    [SupplyChainOperation.releaseDspsSelection]: async (request) => {
      const dsps = await storeSelection(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '');
      return ok({ dsps });
    },
  };
};
