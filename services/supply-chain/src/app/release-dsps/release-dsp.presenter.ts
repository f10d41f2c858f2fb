import type { ReleaseDsp } from '@sv/contracts';

/** A row of the selection read (release_dsp joined with its destination). */
export interface SelectedStoreRow {
  dsp_id: number;
  dsp_name: string;
  slug: string;
  status: string;
  is_blocked: boolean;
}

/** One selected store as the API shows it. */
export const presentSelectedStore = (row: SelectedStoreRow): ReleaseDsp => ({
  dsp_id: row.dsp_id,
  dsp_name: row.dsp_name,
  slug: row.slug,
  status: row.status,
  is_blocked: row.is_blocked,
});
