import { describe, expect, it } from 'vitest';
import { bumpVersion, compareVersions, newestVersion, nextVersion } from './next-version';

describe('versions', () => {
  it('go one up in their last number, whatever surrounds it', () => {
    expect(bumpVersion('1.4')).toBe('1.5');
    expect(bumpVersion('2')).toBe('3');
    expect(bumpVersion('1.4.9')).toBe('1.4.10');
    expect(bumpVersion('v1.09')).toBe('v1.10');
    expect(bumpVersion('1.4-rc1')).toBe('1.4-rc2');
    expect(bumpVersion('2024.3 beta')).toBe('2024.4 beta');
    expect(bumpVersion('A')).toBe('A-2');
  });

  it('are ordered as people number them', () => {
    expect(newestVersion(['1.2', '1.10', '1.9'])).toBe('1.10');
    expect(['1.10', '1.9', '2', '1.4.1', '1.4'].sort(compareVersions)).toEqual(['1.4', '1.4.1', '1.9', '1.10', '2']);
  });

  it('propose the next after the newest of the name, never one it has', () => {
    expect(nextVersion('1.4', [])).toBe('1.5');
    expect(nextVersion('1.4', ['1.4'])).toBe('1.5');
    expect(nextVersion('1.2', ['1.2', '1.4', '1.3'])).toBe('1.5');
    expect(nextVersion('1.9', ['1.9', '1.10'])).toBe('1.11');
    expect(nextVersion('1.4', ['1.4', '1.5'])).toBe('1.6');
  });
});
