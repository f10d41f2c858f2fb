/** The items of `batches` one at a time, in order; stopping early stops the batches too. */
export async function* oneByOne<T>(batches: AsyncIterable<T[]>): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}
