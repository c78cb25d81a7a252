// What `npm start` builds, from which inputs. The lock file is an input of both: a dependency
// upgrade can change what a build produces.
const CONTRACTS = ['packages/contracts/src', 'packages/contracts/package.json'];

export const TARGETS = {
  web: {
    output: 'apps/web/dist',
    artifacts: ['index.html'],
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      ...CONTRACTS,
      'package-lock.json',
    ],
  },
  server: {
    output: 'apps/server/dist',
    artifacts: ['server.js'],
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'scripts/build-server.mjs',
      ...CONTRACTS,
      'package-lock.json',
    ],
  },
};
