import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

// The physical limit for the ranked list on this machine: node:http answering the same bytes from memory.
const body = readFileSync(process.argv[2] ?? '');
const encoding = process.argv[3];
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`listening http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
