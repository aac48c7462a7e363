import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { parseInput } from './validate';

/**
 * Routes declare zod schemas (contract/). Inputs are parsed with them the way `parseInput` does
 * (422 with field errors in the form's own words); answers are written as plain JSON, and, when
 * `checkResponses` is on (the API suite), first checked against the declared schema, so a
 * handler that drifts from its contract fails a test instead of a client.
 */
type ValidatorCompiler = Parameters<FastifyInstance['setValidatorCompiler']>[0];

/** Parses a request part with its zod schema: a 422 with field errors, as `parseInput`. */
export const zodValidatorCompiler: ValidatorCompiler = ({ schema }) => (data: unknown) => {
  try {
    return { value: parseInput(schema as unknown as z.ZodType, data) };
  } catch (error) {
    return { error: error as Error };
  }
};

/** The same, but the body is left for the handler to parse (its schema only describes it). */
export const bodyInHandlerCompiler: ValidatorCompiler = (route) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : zodValidatorCompiler(route);

export function useZodCompilers(app: FastifyInstance, checkResponses: boolean) {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!checkResponses) return (data) => JSON.stringify(data);
    const zodSchema = schema as unknown as z.ZodType;
    return (data) => {
      const result = zodSchema.safeParse(data);
      if (!result.success) {
        const where = `${method} ${url} ${httpStatus}`;
        // Loud on purpose: the test that made this call fails with a 500 and this explanation.
        console.error(`Answer of ${where} does not match its declared schema:`, JSON.stringify(result.error.issues, null, 1));
        throw new Error(`Answer of ${where} does not match its declared schema.`);
      }
      return JSON.stringify(data);
    };
  });
}
