import { describe, expect, it } from 'vitest';
import { authorization, sha256Hex, uriEncode } from './sigv4.ts';

describe('Signature Version 4', () => {
  // The 'GET Object' example of the S3 API reference (Authenticating Requests: Using the Authorization Header).
  it('signs the AWS documentation example to the documented signature', () => {
    const header = authorization(
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
      {
        method: 'GET',
        path: '/test.txt',
        headers: {
          Host: 'examplebucket.s3.amazonaws.com',
          Range: 'bytes=0-9',
          'x-amz-content-sha256': sha256Hex(''),
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: sha256Hex(''),
        now: new Date('2013-05-24T00:00:00Z'),
      },
    );
    expect(header).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('encodes as S3 does: unreserved characters kept, the rest %XX in upper case', () => {
    expect(uriEncode('a b/c~d_e.f-g$', true)).toBe('a%20b/c~d_e.f-g%24');
    expect(uriEncode('a/b')).toBe('a%2Fb');
    expect(uriEncode('é')).toBe('%C3%A9');
  });
});
