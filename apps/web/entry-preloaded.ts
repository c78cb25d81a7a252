import type { Plugin } from 'vite';

/**
 * Knows which chunks the entry loads statically (its whole import closure), so that a lazy page's
 * preload list can leave them out: by the time any lazy import runs they are loaded already, and
 * listing them in every page's dependency list only made the entry chunk larger (it carries those
 * lists for every route). Read from the bundle before Vite writes the preload lists.
 */
export function entryPreloaded(): { plugin: Plugin; has(file: string): boolean } {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'stratos:entry-preloaded',
    apply: 'build',
    generateBundle(_, bundle) {
      files.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (files.has(fileName) || chunk?.type !== 'chunk') return;
        files.add(fileName);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
    },
  };
  return { plugin, has: (file) => files.has(file) };
}
