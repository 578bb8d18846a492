import { describe, expect, it } from 'vitest';
import { authorizationHeader, hmacSha1Signature, percentEncode, signatureBaseString } from './oauth1';

describe('OAuth 1.0a signing (RFC 5849)', () => {
  it('builds the base string of RFC 5849 §3.4.1.1, repeated names and form body included', () => {
    const base = signatureBaseString(
      'post',
      'http://EXAMPLE.COM:80/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b',
      [
        ['oauth_consumer_key', '9djdj82h48djs9d2'],
        ['oauth_token', 'kkk9d7dh3k39sjv7'],
        ['oauth_signature_method', 'HMAC-SHA1'],
        ['oauth_timestamp', '137131201'],
        ['oauth_nonce', '7d8f3e4a'],
        // The body "c2&a3=2+q", decoded.
        ['c2', ''],
        ['a3', '2 q'],
      ],
    );
    expect(base).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  it("reproduces X's documented example signature", () => {
    const base = signatureBaseString(
      'POST',
      'https://api.twitter.com/1.1/statuses/update.json?include_entities=true',
      [
        ['status', 'Hello Ladies + Gentlemen, a signed OAuth request!'],
        ['oauth_consumer_key', 'xvz1evFS4wEEPTGEFPHBog'],
        ['oauth_nonce', 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg'],
        ['oauth_signature_method', 'HMAC-SHA1'],
        ['oauth_timestamp', '1318622958'],
        ['oauth_token', '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb'],
        ['oauth_version', '1.0'],
      ],
    );
    expect(base).toBe(
      'POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521',
    );
    expect(
      hmacSha1Signature(
        base,
        'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
        'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
      ),
    ).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  });

  it('encodes everything but unreserved characters', () => {
    expect(percentEncode("AZaz09-._~ !*'()+/=&")).toBe('AZaz09-._~%20%21%2A%27%28%29%2B%2F%3D%26');
    expect(percentEncode('é')).toBe('%C3%A9');
  });

  it('puts every oauth value, the extra ones and the signature in the header', () => {
    const header = authorizationHeader({
      method: 'POST',
      url: 'https://api.x.com/oauth/request_token',
      consumer: { key: 'consumer key', secret: 'consumer secret' },
      extra: { oauth_callback: 'https://fans.example/' },
    });
    expect(header).toMatch(/^OAuth /);
    for (const name of [
      'oauth_consumer_key="consumer%20key"',
      'oauth_callback="https%3A%2F%2Ffans.example%2F"',
      'oauth_signature_method="HMAC-SHA1"',
      'oauth_version="1.0"',
    ])
      expect(header).toContain(name);
    expect(header).toMatch(/oauth_signature="[A-Za-z0-9%]+"/);
    expect(header).not.toContain('oauth_token=');
  });
});
