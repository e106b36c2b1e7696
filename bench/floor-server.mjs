// The link read's floor (decision 0006): a bare Fastify route that also reads the link with its
// leaseholder by one prepared better-sqlite3 statement from the portal's own database, and
// answers the same fields. No Kysely, hooks, security headers or rate limit: what any Fastify
// route that reads one row from SQLite costs on this machine.
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const db = new Database(process.env.DATABASE_FILE, { readonly: true });
const read = db.prepare(
  `select payment_links.id, payment_links.amount_pence, payment_links.status,
     payment_links.expires_at, tenants.name as tenant_name, tenants.address as tenant_address
   from payment_links inner join tenants on tenants.id = payment_links.tenant_id
   where payment_links.id = ?`,
);

const app = Fastify();
app.get('/floor/:id', async (request, reply) => {
  const link = read.get(request.params.id);
  if (!link) return reply.status(404).send({ message: 'This payment link is not available.' });
  return {
    id: link.id,
    amount: (link.amount_pence / 100).toFixed(2),
    amountPence: link.amount_pence,
    expiresAt: new Date(link.expires_at).toISOString(),
    status: link.status,
    tenant: { name: link.tenant_name, address: link.tenant_address },
  };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('is ready');
