import { startTestS3 } from '../../test/s3-server';
import { createS3Storage } from './s3-driver';
import { storageContract } from './storage.contract';

storageContract('S3 (s3rver)', async () => {
  const s3 = await startTestS3();
  let offset = 0;
  const storage = createS3Storage(s3.settings, { now: () => new Date(Date.now() + offset) });
  return {
    storage,
    shiftClock: (ms) => {
      offset += ms;
    },
    close: () => s3.close(),
  };
});
