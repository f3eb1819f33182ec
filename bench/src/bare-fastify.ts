import Fastify from 'fastify';

/**
 * The framework's ceiling: a bare Fastify answering one constant JSON envelope, in a process of
 * its own, with no database, no authentication and no plugins.
 */
const app = Fastify({ logger: false });
const answer = { status: 'success', message: 'OK', data: { ok: true } };
app.get('/', async () => answer);
app.get('/healthz', async () => answer);
await app.listen({ port: Number(process.env.PORT ?? 18591), host: '127.0.0.1' });
