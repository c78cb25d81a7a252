// Content stamps of the build's inputs: a build is redone only when a stamp changed, so `npm start`
// builds once and then starts straight from the build. A stamp is a SHA-256 over the relative path
// and bytes of every input file (tests left out: they are not part of what is built).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SKIP_DIRS = new Set(['node_modules', 'dist', '.git']);
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** Files under `root` named by `inputs` (files or directories, relative to root), sorted. */
export function inputFiles(root, inputs) {
  const out = [];
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) return;
    if (statSync(abs).isDirectory()) {
      for (const entry of readdirSync(abs, { withFileTypes: true })) {
        if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
        if (entry.isFile() && isTest(entry.name)) continue;
        walk(path.join(rel, entry.name));
      }
    } else {
      out.push(rel.split(path.sep).join('/'));
    }
  };
  for (const input of inputs) walk(input);
  return [...new Set(out)].sort();
}

/** The stamp of `inputs` under `root`: changes when a file is added, removed, renamed or edited. */
export function stampOf(root, inputs) {
  const hash = createHash('sha256');
  for (const file of inputFiles(root, inputs)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Where a target keeps the stamp of the inputs it was last built from (inside its output). */
export const stampFile = (root, target) => path.join(root, target.output, '.build-stamp');

/** True when the target's output was built from exactly the inputs there are now. */
export function isFresh(root, target, stamp = stampOf(root, target.inputs)) {
  const file = stampFile(root, target);
  if (!existsSync(file)) return false;
  if (!target.artifacts.every((a) => existsSync(path.join(root, target.output, a)))) return false;
  return readFileSync(file, 'utf8').trim() === stamp;
}

/** Records that the target's output now matches `stamp`; call only after a successful build. */
export function writeStamp(root, target, stamp) {
  writeFileSync(stampFile(root, target), `${stamp}\n`);
}
