/**
 * Debian's nginx (/usr/sbin/nginx; NGINX_PATH overrides) on loopback, as the reference of the
 * transfer figures, with a configuration generated in a temp directory: one worker process (one
 * process, as the app and the bare stream are), WebDAV PUT (`dav_methods PUT`: the body goes to a
 * temp file, renamed into place) and sendfile GET of the app's stored files. Not installed:
 * `apt-get install -y nginx-light` (Debian), and the nginx figures are left out, saying so.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { killOnExit } from './child';
import { freePort } from './server-process';
import { sleep } from './support';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface Nginx {
  url: string;
  /** Where PUT /put/<name> leaves its files. */
  putDir: string;
  stop(): Promise<void>;
}

/** Starts nginx; GET /files/<key> serves `<filesDir>/<key>`. Null when nginx is not installed. */
export async function startNginx(filesDir: string): Promise<Nginx | null> {
  if (!existsSync(NGINX)) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'stratos-bench-nginx-'));
  const putDir = path.join(dir, 'root', 'put');
  for (const d of ['root/put', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(dir, d), { recursive: true });
  const port = await freePort();
  // As root, the worker would otherwise run as nobody and could not read the app's 0600 files.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${user}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  sendfile on;
  tcp_nopush on;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/root;
    client_max_body_size 0;
    location /put/ {
      dav_methods PUT;
      dav_access user:rw;
    }
    location /files/ {
      alias ${filesDir}/;
      default_type application/octet-stream;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const guard = killOnExit(child.pid as number);
  child.once('exit', () => guard.forget());
  let err = '';
  child.stderr?.on('data', (d) => {
    err += d;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${err}${readLog(dir)}`);
    try {
      await (await fetch(`${url}/`)).arrayBuffer();
      break;
    } catch {
      if (i > 400) throw new Error(`nginx did not start: ${err}${readLog(dir)}`);
      await sleep(10);
    }
  }
  return {
    url,
    putDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(dir: string): string {
  try {
    return readFileSync(path.join(dir, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}
