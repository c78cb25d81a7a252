// The floor of the cold-start figure: a bare Node process answering /api/health (node:http, no
// framework, no database), started and polled the same way as the server.
import { createServer } from 'node:http';

createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end('{"status":"ok"}');
}).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
