import { describe, expect, test } from 'vitest';
import { parseStorageUrl } from './storage-url';

describe('STORAGE_URL', () => {
  test('names endpoint, bucket, prefix, credentials and options', () => {
    expect(
      parseStorageUrl('s3://AKIA123:se%2Fcret%2Bx@minio.internal:9000/kontor/prod/files?region=eu-central-1&tls=false'),
    ).toEqual({
      value: {
        endpoint: 'http://minio.internal:9000',
        publicEndpoint: undefined,
        region: 'eu-central-1',
        bucket: 'kontor',
        prefix: 'prod/files/',
        accessKeyId: 'AKIA123',
        secretAccessKey: 'se/cret+x',
        forcePathStyle: true,
      },
    });
  });

  test('defaults to TLS, path style and us-east-1', () => {
    const parsed = parseStorageUrl(
      's3://key:secret@s3.eu-central-1.amazonaws.com/bucket-1?forcePathStyle=false&publicEndpoint=https://files.example.com/',
    );
    expect(parsed).toMatchObject({
      value: {
        endpoint: 'https://s3.eu-central-1.amazonaws.com',
        region: 'us-east-1',
        prefix: '',
        forcePathStyle: false,
        publicEndpoint: 'https://files.example.com',
      },
    });
  });

  test('refuses what it cannot use, without repeating the secret', () => {
    for (const bad of [
      'http://key:Sup3rS3cr3t@host/bucket',
      's3://host/bucket',
      's3://key:Sup3rS3cr3t@host/',
      's3://key:Sup3rS3cr3t@host/Bad_Bucket',
      's3://key:Sup3rS3cr3t@host/bucket/../x',
      's3://key:Sup3rS3cr3t@host/bucket?tls=maybe',
      's3://key:Sup3rS3cr3t@host/bucket?regoin=eu',
      's3://key:Sup3rS3cr3t@host/bucket?publicEndpoint=files.example.com',
      'not a url',
    ]) {
      const parsed = parseStorageUrl(bad);
      expect(parsed, bad).toHaveProperty('error');
      expect(JSON.stringify(parsed)).not.toContain('Sup3rS3cr3t');
    }
  });
});
