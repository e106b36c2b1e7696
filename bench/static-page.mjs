// The phone-load row's floor (phone-load.mjs): one HTML file, as a plain web server sends it,
// on its own process and port. Prints the port once it listens.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const html = readFileSync(process.argv[2] ?? '');
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(html);
});
server.listen(0, '127.0.0.1', () => {
  console.log(server.address().port);
});
