// The "ceiling": a bare Fastify app with one route that answers a JSON object kept in memory.
// It shows what this machine can serve with no app logic at all, so the app's cached /java
// endpoint can be judged against it. Started by run.mjs in its own process.
//
// Env: PORT, CEILING_PATH (route path), CEILING_PAYLOAD (JSON file holding the object to send).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const routePath = process.env.CEILING_PATH;
const payload = JSON.parse(readFileSync(process.env.CEILING_PAYLOAD, 'utf8'));

const app = Fastify({ logger: false });

// Sent as an object, so Fastify serialises it on every request, as a plain JSON route would.
app.get(routePath, async (_request, reply) => reply.send(payload));

await app.listen({ port, host: '127.0.0.1' });

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
