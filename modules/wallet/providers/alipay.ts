import { createSign, createVerify } from 'node:crypto';
import { type PaymentProvider, SignatureError } from './provider';

export interface AlipayConfig {
  appId: string;
  /** Our RSA private key (PKCS#8 PEM or bare base64), which signs requests. */
  privateKey: string;
  /** Alipay's RSA public key (PEM or bare base64), which signs notifications. */
  alipayPublicKey: string;
  gateway: string;
  /** Where Alipay posts the asynchronous notification. */
  notifyUrl: string;
}

/** Alipay's canonical string: parameters sorted by name, empty values and the signature left out. */
export function alipaySigningString(params: Record<string, string>, leaveOut: string[]): string {
  return Object.keys(params)
    .filter((key) => !leaveOut.includes(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

const pem = (key: string, kind: 'PRIVATE' | 'PUBLIC') =>
  key.includes('-----BEGIN')
    ? key
    : `-----BEGIN ${kind} KEY-----\n${key.match(/.{1,64}/g)?.join('\n')}\n-----END ${kind} KEY-----`;

export function rsa2Sign(text: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(text, 'utf8').sign(pem(privateKey, 'PRIVATE'), 'base64');
}

/** Fen as Alipay writes an amount: yuan with two decimals. */
const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * Alipay QR payments (alipay.trade.precreate): the answer's qr_code is shown in the dialog; the
 * asynchronous notification (form-encoded, RSA2-signed by Alipay) settles the order on
 * TRADE_SUCCESS or TRADE_FINISHED. Alipay expects the plain text "success" back.
 */
export function alipayProvider(config: AlipayConfig): PaymentProvider {
  return {
    name: 'alipay',
    acknowledgement: 'success',
    async start(order) {
      const params: Record<string, string> = {
        app_id: config.appId,
        method: 'alipay.trade.precreate',
        format: 'JSON',
        charset: 'utf-8',
        sign_type: 'RSA2',
        timestamp: new Date().toISOString().replace('T', ' ').slice(0, 19),
        version: '1.0',
        notify_url: config.notifyUrl,
        biz_content: JSON.stringify({
          out_trade_no: order.orderNo,
          total_amount: yuan(order.amount),
          subject: order.subject,
        }),
      };
      params.sign = rsa2Sign(alipaySigningString(params, ['sign']), config.privateKey);
      const response = await fetch(config.gateway, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(params),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json()) as {
        alipay_trade_precreate_response?: { code?: string; qr_code?: string; sub_msg?: string };
      };
      const result = answer.alipay_trade_precreate_response;
      if (result?.code !== '10000' || !result.qr_code)
        throw new Error(`Alipay refused the order: ${result?.sub_msg ?? response.status}`);
      return { kind: 'qr', content: result.qr_code };
    },
    verify({ body }) {
      const params = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
      const signature = params.sign ?? '';
      const valid = createVerify('RSA-SHA256')
        .update(alipaySigningString(params, ['sign', 'sign_type']), 'utf8')
        .verify(pem(config.alipayPublicKey, 'PUBLIC'), signature, 'base64');
      if (!valid || params.app_id !== config.appId)
        throw new SignatureError('alipay signature does not match');
      const status = params.trade_status ?? '';
      if (!params.out_trade_no || !params.total_amount) return null;
      if (status === 'WAIT_BUYER_PAY') return null;
      return {
        orderNo: params.out_trade_no,
        currency: 'CNY',
        amount: Math.round(Number(params.total_amount) * 100),
        outcome: status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' ? 'paid' : 'declined',
        providerRef: params.trade_no ?? '',
      };
    },
  };
}
