#!/usr/bin/env node
// The npm registry these machines reach serves only the linux-gnu builds of platform-specific
// packages, so `npm install` leaves the other platforms' optional dependencies out of
// package-lock.json, and `npm ci` then refuses the lock as out of sync. This adds the missing
// optional entries (version from the parent, os/cpu from the package name) so `npm ci` accepts the
// lock and skips them as it would on any machine of another platform. Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = [
  'darwin',
  'win32',
  'linux',
  'android',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'riscv64', 'ppc64', 's390x', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split(/[-_.]/);
  const os = OS.find((o) => parts.includes(o) || (o === 'win32' && parts.includes('windows')));
  const cpu = CPU.find((c) => parts.includes(c) || (c === 'arm' && parts.includes('armv7')));
  const libc = parts.includes('musl') ? 'musl' : parts.includes('gnu') ? 'glibc' : undefined;
  return { os, cpu, libc };
}

function resolveFrom(parentPath, name) {
  // Node resolution: nearest node_modules up the parent's path.
  let base = parentPath;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    const idx = base.lastIndexOf('/node_modules/');
    if (idx === -1) {
      if (base === '') return null;
      base = '';
      continue;
    }
    base = base.slice(0, idx);
  }
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolveFrom(path, name)) continue;
    const version = String(range).replace(/^[\^~=]/, '');
    const { os, cpu, libc } = platformOf(name);
    const entry = { version, optional: true };
    if (meta.dev) entry.dev = true;
    if (cpu) entry.cpu = [cpu];
    if (os) entry.os = [os];
    if (libc) entry.libc = [libc];
    packages[`node_modules/${name}`] = entry;
    added++;
  }
}
// Keep npm's key order (sorted) so the diff stays readable.
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
