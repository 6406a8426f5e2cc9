import { isValidKey } from './keys';

/** Where the S3 driver stores, parsed from STORAGE_URL. */
export type S3Settings = Readonly<{
  /** `https://host:port`, where the server reaches the object storage. */
  endpoint: string;
  /** Origin in presigned URLs, when browsers reach the storage elsewhere than the server does. */
  publicEndpoint: string | undefined;
  region: string;
  bucket: string;
  /** Prepended to every key: `''` or `path/inside/bucket/`. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}>;

const flags: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false };
const bucketPattern = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const known = new Set(['region', 'forcePathStyle', 'tls', 'publicEndpoint']);

/**
 * `s3://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]?region=eu-central-1&forcePathStyle=true&tls=true`
 *
 * Access key and secret percent-encoded (a `/` in the secret as `%2F`); `region` defaults to
 * `us-east-1`, `forcePathStyle` (bucket in the path, as MinIO, Garage and Ceph want) to `true`,
 * `tls` to `true` (`false`: plain http, only for a storage on the same host or network).
 * `publicEndpoint=https://files.example.com` signs browser URLs for another origin than the
 * server's own way in. Errors name the problem, never the secret.
 */
export const parseStorageUrl = (raw: string): { value: S3Settings } | { error: string } => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: 'not a URL (expected s3://ACCESS_KEY:SECRET@host:port/bucket?region=…)' };
  }
  if (url.protocol !== 's3:') return { error: `unknown scheme "${url.protocol}" (expected s3://)` };
  if (!url.username || !url.password) return { error: 'access key and secret missing (s3://ACCESS_KEY:SECRET@host/…)' };
  if (!url.hostname) return { error: 'host missing' };
  const unknown = [...url.searchParams.keys()].filter((k) => !known.has(k));
  if (unknown.length > 0) return { error: `unknown parameter ${unknown.join(', ')}` };
  const [bucket = '', ...rest] = url.pathname.replace(/^\/+|\/+$/g, '').split('/');
  if (!bucketPattern.test(bucket)) return { error: `bucket name "${bucket}" missing or invalid` };
  const prefix = rest.length > 0 ? `${rest.join('/')}/` : '';
  if (prefix && !isValidKey(prefix.slice(0, -1))) return { error: 'invalid key prefix after the bucket name' };
  const flag = (name: string, fallback: boolean) => {
    const value = url.searchParams.get(name);
    return value === null ? fallback : flags[value.toLowerCase()];
  };
  const tls = flag('tls', true);
  const forcePathStyle = flag('forcePathStyle', true);
  if (tls === undefined || forcePathStyle === undefined) return { error: 'tls and forcePathStyle take true or false' };
  const publicEndpoint = url.searchParams.get('publicEndpoint') ?? undefined;
  if (publicEndpoint !== undefined && !/^https?:\/\/[^/?#]+\/?$/.test(publicEndpoint)) {
    return { error: 'publicEndpoint must be an origin such as https://files.example.com' };
  }
  return {
    value: {
      endpoint: `${tls ? 'https' : 'http'}://${url.host}`,
      publicEndpoint: publicEndpoint?.replace(/\/$/, ''),
      region: url.searchParams.get('region') || 'us-east-1',
      bucket,
      prefix,
      accessKeyId: decodeURIComponent(url.username),
      secretAccessKey: decodeURIComponent(url.password),
      forcePathStyle,
    },
  };
};
