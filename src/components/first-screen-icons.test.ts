import * as mdi from '@mdi/js';
import { describe, expect, it } from 'vitest';
import * as copies from './first-screen-icons';

describe('the first screen’s icons', () => {
  it('are the very paths of @mdi/js', () => {
    for (const [name, path] of Object.entries(copies)) expect(path, name).toBe(mdi[name as keyof typeof mdi]);
  });
});
