import type { XmlWriter } from '../xml/xml-writer.ts';
import type { MessagePlan } from './message-plan.ts';

/** Genre: the same element in every ERN version. */
export const writeGenre = (w: XmlWriter, plan: MessagePlan): void => {
  const { release } = plan.input;
  w.open('Genre').leaf('GenreText', release.genre).optionalLeaf('SubGenre', release.subgenre?.trim()).close('Genre');
};
