import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Mantine's static class names (`m_5ae2e3c`), as its scripts set them and its styles select them. */
const MANTINE_CLASS = /\bm_[0-9a-f]{6,8}\b/g;
/** A Mantine class as a style sheet selects it (`.m_5ae2e3c`). */
const SELECTED_CLASS = /\.(m_[0-9a-f]{6,8})\b/g;

/** Every class a style sheet of `@mantine/core` selects, with the file that holds its styles. */
function mantineStyleFiles(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const folder = path.join(path.dirname(require.resolve('@mantine/core/styles.css')), 'styles');
  const owners = new Map<string, string>();
  for (const file of fs.readdirSync(folder)) {
    if (!file.endsWith('.css') || file.endsWith('.layer.css')) continue;
    const css = fs.readFileSync(path.join(folder, file), 'utf8');
    for (const [, name] of css.matchAll(SELECTED_CLASS)) owners.set(name!, file);
  }
  return owners;
}

/**
 * The app imports Mantine's styles component by component (`src/styles/mantine.css`). This check
 * fails the build when a script sets a Mantine class whose styles no style sheet of the build
 * holds: a component used without its styles, which would show unstyled.
 */
export function mantineStylesCheck(): Plugin {
  return {
    name: 'mantine-styles-check',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const used = new Set<string>();
      let styles = '';
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk')
          for (const [name] of output.code.matchAll(MANTINE_CLASS)) used.add(name);
        else if (output.fileName.endsWith('.css')) styles += String(output.source);
      }
      const styled = new Set(Array.from(styles.matchAll(SELECTED_CLASS), ([, name]) => name));
      const owners = mantineStyleFiles();
      const missing = new Set<string>();
      for (const name of used) {
        const owner = owners.get(name);
        if (owner && !styled.has(name)) missing.add(owner);
      }
      if (missing.size > 0) {
        this.error(
          `Mantine components are used without their styles: add ${[...missing]
            .map((file) => `@mantine/core/styles/${file}`)
            .join(', ')} to src/styles/mantine.css`,
        );
      }
    },
  };
}
