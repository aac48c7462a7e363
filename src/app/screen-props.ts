import { INVALID_ID } from '../../machines/params';

/** Route params as the guard parsed them: numeric ones are numbers already (-1 if not numeric). */
export type ScreenParams = Record<string, string | number>;

export type ScreenProps = {
  params: ScreenParams;
  /** The screen's human title from the screen map, for its heading and the document title. */
  title: string;
  /** The route's name (machines/routes.ts): one screen serving several routes picks its part by it. */
  route: string;
};

/** Reads a numeric param the route table declared; anything else is the invalid id. */
export function idParam(params: ScreenParams, key: string): number {
  const v = params[key];
  return typeof v === 'number' ? v : INVALID_ID;
}
