import { startTestS3 } from '../../test/s3-server';
import { createS3Storage } from './s3-driver';
import { storageContract } from './storage.contract';

// Known and documented (docs/decisions.md): SDK releases after January 2027 need Node 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

storageContract('S3 (s3rver)', async () => {
  const s3 = await startTestS3();
  let offset = 0;
  // Two keys a page: the contract's listing then takes several ListObjectsV2 pages.
  const storage = createS3Storage(s3.settings, { now: () => new Date(Date.now() + offset), listPageSize: 2 });
  return {
    storage,
    shiftClock: (ms) => {
      offset += ms;
    },
    close: () => s3.close(),
  };
});
