import { Dsp } from './entities/dsp.entity.ts';
import { RegistryVersion } from './entities/registry-version.entity.ts';
import { ReleaseConfig } from './entities/release-config.entity.ts';
import { ReleaseDsp } from './entities/release-dsp.entity.ts';
import { Migration20261123000100_dsp_registry } from './migrations/Migration20261123000100_dsp_registry.ts';
import { Migration20261123000200_release_dsps } from './migrations/Migration20261123000200_release_dsps.ts';
import { Migration20261126000200_release_config } from './migrations/Migration20261126000200_release_config.ts';
import { Migration20261128000100_dsp_logo_optional } from './migrations/Migration20261128000100_dsp_logo_optional.ts';
import { Migration20261128000200_dsp_lead_times } from './migrations/Migration20261128000200_dsp_lead_times.ts';
import { Migration20261212000100_dsp_onboarding_series } from './migrations/Migration20261212000100_dsp_onboarding_series.ts';

/** Supply-chain's own Postgres schema; no other service reads or writes it. */
export const SUPPLY_CHAIN_SCHEMA = 'supply_chain';

export const SUPPLY_CHAIN_ENTITIES = [
  Dsp,
  RegistryVersion,
  ReleaseConfig,
  ReleaseDsp,
];

/** In order of application; names are the migration table's keys, never rename one. */
export const SUPPLY_CHAIN_MIGRATIONS = [
  { name: 'Migration20261123000100_dsp_registry', class: Migration20261123000100_dsp_registry },
  { name: 'Migration20261123000200_release_dsps', class: Migration20261123000200_release_dsps },
  { name: 'Migration20261126000200_release_config', class: Migration20261126000200_release_config },
  { name: 'Migration20261128000100_dsp_logo_optional', class: Migration20261128000100_dsp_logo_optional },
  { name: 'Migration20261128000200_dsp_lead_times', class: Migration20261128000200_dsp_lead_times },
  { name: 'Migration20261212000100_dsp_onboarding_series', class: Migration20261212000100_dsp_onboarding_series },
];
