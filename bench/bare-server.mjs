// The baseline: a bare Fastify route in its own process, like the portal under test.
import Fastify from 'fastify';

const app = Fastify();
app.get('/bare', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('is ready');
