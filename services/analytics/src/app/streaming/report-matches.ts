/**
 * What a fact row matched: its load's numbered match in `report_match`, found by the row's load
 * and match number. One left join, as `m`, of the relation aliased `rows` (fact rows, or sums that
 * keep both numbers); every `m` column is null where the row matched nothing.
 */
export const matchJoin = (rows: string): string =>
  `left join "analytics"."report_match" m on m."load_number" = ${rows}."load_number" and m."match_number" = ${rows}."match_number"`;
