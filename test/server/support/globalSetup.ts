import { prepareTestDatabaseImage } from '../../../server/demo/db/testing';

/**
 * Before any server test file starts: the seeded test estate's image is built (migrations and
 * seed, once per run and source version), so every file loads a copy instead.
 */
export default async function globalSetup(): Promise<void> {
  await prepareTestDatabaseImage();
}
