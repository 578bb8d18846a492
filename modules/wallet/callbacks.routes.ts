import type { FastifyInstance } from 'fastify';
import { isAppError } from '../../lib/errors';
import { SignatureError } from './providers/provider';
import type { WalletDomain } from './wallet-domain';

/**
 * Payment providers' notifications, outside /java because each provider has its own format:
 * the raw bytes reach the adapter (signatures cover them) and the answer is what the provider
 * expects. A refused notification credits nothing and gets a 400, so the provider may retry.
 */
export async function paymentCallbacks(app: FastifyInstance, { wallet }: { wallet: WalletDomain }) {
  const { payments } = wallet;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post<{ Params: { provider: string } }>('/pay/notify/:provider', async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    try {
      const received = await payments.receive(request.params.provider, { headers: request.headers, body });
      return reply.type('text/plain').send(received?.provider.acknowledgement ?? 'ignored');
    } catch (err) {
      if (err instanceof SignatureError) {
        request.log.warn({ err, provider: request.params.provider }, 'payment notification refused');
        return reply.status(400).type('text/plain').send('invalid signature');
      }
      if (isAppError(err)) {
        request.log.warn({ err, provider: request.params.provider }, 'payment notification refused');
        return reply.status(err.status).type('text/plain').send(err.key);
      }
      throw err;
    }
  });
}
