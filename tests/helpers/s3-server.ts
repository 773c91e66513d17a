/**
 * An S3 API server (s3rver) on loopback for the storage tests: one bucket in a temporary folder,
 * the S3_* environment that points the production server at it, and a view of the requests it
 * receives (to act at a precise moment of an upload).
 */
import type { IncomingMessage } from 'node:http';
import { rmSync } from 'node:fs';
import S3rver from 's3rver';
import { createS3Storage } from '../../src/server/storage/s3.ts';
import type { Storage } from '../../src/server/storage/types.ts';
import { makeTempDir } from './db.ts';

export interface TestS3 {
  bucket: string;
  endpoint: string;
  /** The environment of an app node storing its uploads in this bucket. */
  env: Record<string, string>;
  /** A client of the bucket, as the app sees it (to check what is stored). */
  storage: Storage;
  /** Calls `listener` with every request the server receives until the returned function is called. */
  onRequest(listener: (request: IncomingMessage) => void): () => void;
  stop(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1, any free port, with one empty bucket. */
export async function startTestS3(bucket = 'hub-uploads'): Promise<TestS3> {
  const directory = makeTempDir('hub-s3-');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts any credentials; the path style is what it understands on an IP address.
  const env = {
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const storage = createS3Storage({
    bucket,
    region: env.S3_REGION,
    endpoint,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
  });
  return {
    bucket,
    endpoint,
    env,
    storage,
    onRequest(listener) {
      server.httpServer.prependListener('request', listener);
      return () => server.httpServer.off('request', listener);
    },
    async stop() {
      server.httpServer.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
