import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Env } from '../../platform/env';
import { defineModule } from '../../platform/module';
import { createDelivery, devOutboxSender, httpSmsSender, type Sender, smtpSender } from './delivery';

export { readDevOutbox, type Sender } from './delivery';

/** Without a configured provider a channel cannot deliver; saying so beats losing the code. */
function unavailable(channel: string): Sender {
  return async () => {
    throw new AppError('notSupported', { cause: new Error(`no ${channel} delivery configured`) });
  };
}

/**
 * Mails and text messages: SMTP and an SMS gateway, or the dev outbox while the dev adapters are on,
 * which also keeps the sandbox's copy of each push alert.
 */
export const deliveryModule = defineModule({
  name: 'delivery',
  services: ({ database, env, devAdapters }: { database: Database; env: Env; devAdapters: boolean }) => {
    const outbox = devOutboxSender(database.db);
    return {
      delivery: createDelivery({
        email: env.SMTP_URL
          ? smtpSender(env.SMTP_URL, env.MAIL_FROM)
          : devAdapters
            ? outbox
            : unavailable('email'),
        sms: env.SMS_URL
          ? httpSmsSender(env.SMS_URL, env.SMS_TOKEN)
          : devAdapters
            ? outbox
            : unavailable('sms'),
        push: devAdapters ? outbox : unavailable('push'),
      }),
    };
  },
});
