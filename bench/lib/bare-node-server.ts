/**
 * The Node ceiling: a bare `http` server answering the files nginx serves (`<name>.html` and its
 * `.gz`), held in memory, with nothing but a lookup between the request and `res.end`. Run as its
 * own process by bench/lib/bare-node.ts: `node bare-node-server.ts <folder> <port>`.
 */
import { createServer } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [folder, port] = process.argv.slice(2) as [string, string];
const files = new Map(readdirSync(folder).map((name) => [`/${name}`, readFileSync(join(folder, name))]));

createServer((req, res) => {
  const path = req.url ?? '/';
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') ? files.get(`${path}.gz`) : undefined;
  const body = gzip ?? files.get(path);
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(
    200,
    gzip
      ? { 'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': body.length }
      : { 'content-type': 'text/html', 'content-length': body.length },
  );
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
