import { operationsOf } from '@sv/contracts';
import { combineOperationTables, ok, type OperationTable } from '../src/index.ts';

const answer = async () => ok({});

/** One handler for each of delivery's routed operations, as its feature tables would give. */
const routedTable = (): OperationTable => Object.fromEntries(operationsOf('delivery').map((operation) => [operation, answer]));

describe('combineOperationTables', () => {
  it('merges the feature tables of a service that answers every route', () => {
    const internal: OperationTable = { 'delivery.set_stage': answer };
    const combined = combineOperationTables('delivery', [routedTable(), internal]);
    expect(Object.keys(combined).sort()).toEqual([...operationsOf('delivery'), 'delivery.set_stage'].sort());
  });

  it('refuses an operation two tables both handle', () => {
    const [first] = operationsOf('delivery');
    expect(() => combineOperationTables('delivery', [routedTable(), { [first as string]: answer }])).toThrow(
      `delivery: more than one handler for ${first as string}`,
    );
  });

  it('refuses a table that leaves a route unanswered', () => {
    const [first] = operationsOf('delivery');
    const { [first as string]: _dropped, ...rest } = routedTable();
    expect(() => combineOperationTables('delivery', [rest])).toThrow(`delivery: no handler for the routed operation(s) ${first as string}`);
  });
});
