import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
// Types only: the schemas come from `contract/`, and a page that loads its schema late (login)
// keeps zod out of its first chunk.
import type { z } from 'zod';

type SchemaSource<S> = S | (() => Promise<S>);

/**
 * The resolver of every form: the contract's zod schema, the very one the server parses the
 * body with, so the form's own check and the server's 422 use the same keys and words.
 * Inputs hold text ("250", ""); `toInput` turns the form's values into the body the schema
 * expects (numbers, null for an empty optional field) under the same keys, so each error
 * still lands on its field. The submit handler gets the schema's output: the body to send.
 * `schema` may be a loader, for a page that should not wait for zod before it shows.
 */
export function contractResolver<V extends FieldValues, S extends z.ZodType>(
  schema: SchemaSource<S>,
  toInput: (values: V) => unknown = (values) => values,
): Resolver<V, unknown, z.output<S>> {
  let resolve: Resolver<V, unknown, z.output<S>> | null = null;
  return async (values, context, options) => {
    if (!resolve) {
      const loaded = typeof schema === 'function' ? await schema() : schema;
      // The resolver checks whatever it is given; the values it sees are `toInput`'s body.
      resolve = zodResolver(loaded as never) as unknown as Resolver<V, unknown, z.output<S>>;
    }
    return resolve(toInput(values) as V, context, options);
  };
}
