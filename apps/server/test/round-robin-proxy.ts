import http from 'node:http';

export interface RoundRobinProxy {
  url: string;
  /** Requests each target has been sent. */
  served: number[];
  close(): Promise<void>;
}

/**
 * A round-robin reverse proxy on loopback, the load balancer in front of several server processes:
 * each new request goes to the next target, streams (uploads, server-sent events) included.
 */
export function roundRobin(targets: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const served = targets.map(() => 0);
  const server = http.createServer((req, res) => {
    const i = next++ % targets.length;
    served[i] = (served[i] ?? 0) + 1;
    const upstream = http.request(`${targets[i]}${req.url}`, {
      method: req.method,
      headers: req.headers,
      agent: false,
    });
    upstream.on('response', (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    // A browser that goes away mid-stream closes the upstream request too.
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        served,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
