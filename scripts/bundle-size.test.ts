// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { firstScreenChunks, screenChunks, type Manifest } from './bundle-size';

// The shape Vite writes to dist/.vite/manifest.json (build.manifest in vite.config.ts).
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/screens/login/login-screen.tsx'] },
  '_react.js': { file: 'assets/react.js' },
  'src/screens/login/login-screen.tsx': { file: 'assets/login.js', isDynamicEntry: true, imports: ['index.html', '_form.js'] },
  '_form.js': { file: 'assets/form.js', imports: ['_react.js'] },
  'src/screens/projects/index.ts': { file: 'assets/projects.js', isDynamicEntry: true, imports: ['_table.js'] },
  '_table.js': { file: 'assets/table.js' },
};

describe('firstScreenChunks', () => {
  it('is the entry and the login chunk with their static imports, not the other screens', () => {
    expect(firstScreenChunks(manifest).sort()).toEqual(['_form.js', '_react.js', 'index.html', 'src/screens/login/login-screen.tsx']);
  });

  it('refuses to measure a build without the login chunk rather than measure less', () => {
    const { 'src/screens/login/login-screen.tsx': _login, ...withoutLogin } = manifest;
    expect(() => firstScreenChunks(withoutLogin)).toThrow(/src\/screens\/login/);
  });

  it("prints each other screen's own chunks: what opening it adds to what /login loaded", () => {
    expect(screenChunks(manifest)).toEqual([
      { screen: 'src/screens/login/login-screen.tsx', files: [] },
      { screen: 'src/screens/projects/index.ts', files: ['assets/projects.js', 'assets/table.js'] },
    ]);
  });
});
