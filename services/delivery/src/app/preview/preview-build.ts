import { ErnBuildError } from '@sv/ddex';
import { PreviewUnbuildableError } from './preview.errors.ts';

/**
 * Builds the preview, turning a message the builder refuses for this store (no deal covers a
 * territory, say) into the caller's 422; anything else is a fault and stays one.
 */
export const buildOrRefuse = <T>(build: () => T, slug: string, storeName: string): T => {
  try {
    return build();
  } catch (error) {
    if (error instanceof ErnBuildError) throw new PreviewUnbuildableError(slug, storeName, error.message);
    throw error;
  }
};
